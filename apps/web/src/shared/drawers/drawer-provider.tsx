import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
} from 'react';
import { reportError } from '../report-error';
import { createDrawerQueueReducer, initialDrawerQueueState, type OpenDrawerOptions } from './drawer-queue';
import type { DrawerRegistry } from './drawer-registry';
import type { DrawerPropsMap, DrawerStep, DrawerType } from './drawer-types';
import { isLazyDrawer } from './lazy-drawers';

/**
 * The bottom sheet (Mantine's Drawer: a modal, focus trap, scroll lock, transitions) loads with the first drawer
 * opened, not with the page (docs/decisions/0381); the drawer's own code is fetched at the same time.
 */
const loadDrawerHost = () => import('./drawer-host');
const DrawerHost = lazy(() => loadDrawerHost().then((m) => ({ default: m.DrawerHost })));

export interface DrawersApi {
  /** Opens (or queues) one drawer; returns its id. */
  open<T extends DrawerType>(type: T, props: DrawerPropsMap[T], options?: OpenDrawerOptions): string;
  /** Opens (or queues) a workflow of drawers shown one after another; returns its id. */
  openWorkflow(steps: DrawerStep[], options?: OpenDrawerOptions): string;
  /** Next step of the drawer on screen (finishes it after its last step). */
  next(data?: Record<string, unknown>): void;
  /** Previous step of the drawer on screen (dismisses it on its first step). */
  back(): void;
  /** Dismisses the drawer on screen, or the drawer with this id whether on screen or queued. */
  close(id?: string): void;
  /** Dismisses every drawer, on screen and queued. */
  closeAll(): void;
  /**
   * Fetches the bottom sheet's code and a drawer's without opening it, for a drawer that is about to be opened
   * (its code then loads while what decides the opening is still on its way, not after it). Fetched once.
   */
  preload(type: DrawerType): void;
}

const DrawersContext = createContext<DrawersApi | null>(null);
/** The type of the drawer step on screen (or due), null when none: the guided tour follows it. */
const ActiveDrawerTypeContext = createContext<DrawerType | null>(null);

export function useActiveDrawerType(): DrawerType | null {
  return useContext(ActiveDrawerTypeContext);
}

export function useDrawers(): DrawersApi {
  const api = useContext(DrawersContext);
  if (!api) throw new Error('useDrawers() must be used inside <DrawerProvider>');
  return api;
}

export interface DrawerProviderProps {
  registry: DrawerRegistry;
  children?: ReactNode;
}

let drawerSequence = 0;
function nextDrawerId(): string {
  drawerSequence += 1;
  return `drawer-${drawerSequence}`;
}

export function DrawerProvider({ registry, children }: DrawerProviderProps) {
  const reducer = useMemo(
    () => createDrawerQueueReducer((type) => Object.hasOwn(registry, type) && !!registry[type as DrawerType]),
    [registry],
  );
  const [state, dispatch] = useReducer(reducer, initialDrawerQueueState);

  // Unsupported drawer types are logged; the reducer has already dismissed them.
  useEffect(() => {
    if (state.rejected.length === 0) return;
    for (const entry of state.rejected) {
      reportError(new Error(`Unsupported drawer type: ${entry.unsupportedTypes.join(', ')}`), {
        drawerId: entry.id,
      });
    }
    dispatch({ type: 'acknowledge-rejected', ids: state.rejected.map((entry) => entry.id) });
  }, [state.rejected]);

  const api = useMemo<DrawersApi>(
    () => ({
      open(type, props, options) {
        const id = nextDrawerId();
        dispatch({ type: 'open', id, steps: [{ type, props }], ...options });
        return id;
      },
      openWorkflow(steps, options) {
        const id = nextDrawerId();
        dispatch({ type: 'open', id, steps, ...options });
        return id;
      },
      next: (data) => dispatch(data ? { type: 'next', data } : { type: 'next' }),
      back: () => dispatch({ type: 'back' }),
      close: (id) => dispatch(id ? { type: 'close', id } : { type: 'close' }),
      closeAll: () => dispatch({ type: 'close-all' }),
      preload(type) {
        void loadDrawerHost().catch(() => undefined);
        const component = registry[type];
        if (isLazyDrawer(component) && !component.loaded()) void component.load().catch(() => undefined);
      },
    }),
    [registry],
  );

  const activeType = (state.active?.steps[state.active.stepIndex]?.type ?? null) as DrawerType | null;
  // Mounted from the first request on (and kept, so a drawer can play its exit); its code and the drawer's
  // load together.
  const [hostNeeded, setHostNeeded] = useState(false);
  useEffect(() => {
    if (!state.active) return;
    setHostNeeded(true);
    void loadDrawerHost().catch(() => undefined);
    for (const step of state.active.steps) {
      const component = registry[step.type as DrawerType];
      if (isLazyDrawer(component) && !component.loaded()) void component.load().catch(() => undefined);
    }
  }, [state.active, registry]);

  return (
    <DrawersContext.Provider value={api}>
      <ActiveDrawerTypeContext.Provider value={activeType}>
        {children}
        {hostNeeded ? (
          <Suspense fallback={null}>
            <DrawerHost active={state.active} registry={registry} dispatch={dispatch} />
          </Suspense>
        ) : null}
      </ActiveDrawerTypeContext.Provider>
    </DrawersContext.Provider>
  );
}

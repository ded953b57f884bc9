import { Center, Drawer, Loader } from '@mantine/core';
import { type ComponentType, type Dispatch, Suspense, useCallback, useEffect, useState } from 'react';
import { DRAWER_ENTER_MS, DRAWER_EXIT_MS } from '../constants';
import { AppQueryProvider } from '../query-client';
import { reportError } from '../report-error';
import type { DrawerQueueAction, DrawerRequest } from './drawer-queue';
import type { DrawerControls, DrawerRegistry } from './drawer-registry';
import type { DrawerType } from './drawer-types';
import { isLazyDrawer, type LazyDrawer } from './lazy-drawers';

type AnyDrawerComponent = ComponentType<{ drawer: DrawerControls } & Record<string, unknown>>;

interface DrawerHostProps {
  active: DrawerRequest | null;
  registry: DrawerRegistry;
  dispatch: Dispatch<DrawerQueueAction>;
}

/**
 * Renders the drawer on screen as a bottom sheet. When the request on screen changes, the old one plays
 * its exit animation (150 ms) before the new one enters (250 ms); steps of one workflow swap in place.
 */
export function DrawerHost({ active, registry, dispatch }: DrawerHostProps) {
  const [shown, setShown] = useState<DrawerRequest | null>(null);
  const [opened, setOpened] = useState(false);
  /** Counts the drawer loads that finished, to show the request waiting for them. */
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    if (shown && active && shown.id === active.id) {
      if (shown !== active) setShown(active);
      return;
    }
    if (shown) {
      // Another request (or none) is due: let this one leave first.
      setOpened(false);
      const timer = setTimeout(() => setShown(null), DRAWER_EXIT_MS);
      return () => clearTimeout(timer);
    }
    if (!active) return;
    // Drawers load on first use (lazy-drawers.ts): every step's code is fetched before the drawer slides in,
    // so it never opens on a placeholder nor grows once open.
    const pending = active.steps
      .map((s) => registry[s.type as DrawerType])
      .filter((c): c is NonNullable<typeof c> & LazyDrawer => isLazyDrawer(c) && !c.loaded());
    if (pending.length === 0) {
      setShown(active);
      setOpened(true);
      return;
    }
    let current = true;
    Promise.all(pending.map((c) => c.load())).then(
      () => {
        if (current) setLoads((n) => n + 1);
      },
      (error: unknown) => {
        if (!current) return;
        reportError(error, { drawerId: active.id });
        dispatch({ type: 'close', id: active.id });
      },
    );
    return () => {
      current = false;
    };
  }, [active, shown, registry, dispatch, loads]);

  const shownId = shown?.id;
  const closeShown = useCallback(() => {
    if (shownId) dispatch({ type: 'close', id: shownId });
  }, [shownId, dispatch]);

  const step = shown ? shown.steps[shown.stepIndex] : undefined;
  const registered = step ? registry[step.type as DrawerType] : undefined;
  const Component = (isLazyDrawer(registered) ? (registered.loaded() ?? registered) : registered) as
    | AnyDrawerComponent
    | undefined;

  const controls: DrawerControls | null = shown
    ? {
        id: shown.id,
        next: (data, options) =>
          dispatch({
            type: 'next',
            id: shown.id,
            ...(data ? { data } : {}),
            ...(options?.seal ? { seal: true } : {}),
          }),
        back: () => dispatch({ type: 'back', id: shown.id }),
        close: () => dispatch({ type: 'close', id: shown.id }),
        canGoBack: shown.stepIndex > 0,
        stepIndex: shown.stepIndex,
        stepCount: shown.steps.length,
        data: shown.data,
      }
    : null;

  useDialogNamedByItsHeading(opened && !!shown);

  return (
    <Drawer
      opened={opened && !!shown}
      onClose={closeShown}
      position="bottom"
      radius="lg"
      withCloseButton={false}
      closeOnClickOutside={!(shown?.disableBackdropClose ?? false)}
      closeOnEscape={shown?.closeOnEscape ?? false}
      transitionProps={{ transition: 'slide-up', duration: DRAWER_ENTER_MS, exitDuration: DRAWER_EXIT_MS }}
      styles={{
        content: { height: 'auto', maxHeight: '90dvh', paddingBottom: 'env(safe-area-inset-bottom)' },
      }}
      data-drawer-type={step?.type}
      data-sage-drawer
    >
      {Component && controls && step ? (
        // The drawers fetch data with the app's query client, which is not at the app's root (decision 0385).
        <AppQueryProvider>
          <Suspense fallback={<DrawerLoading />}>
            <Component
              key={`${shown?.id}:${shown?.stepIndex}`}
              {...(step.props as Record<string, unknown>)}
              drawer={controls}
            />
          </Suspense>
        </AppQueryProvider>
      ) : null}
    </Drawer>
  );
}

/** Shown only if a step's code is still on its way (the host loads every step before opening): holds space. */
function DrawerLoading() {
  return (
    <Center mih={240} aria-busy="true">
      <Loader aria-hidden />
    </Center>
  );
}

let headingIds = 0;

/**
 * Mantine names a drawer's dialog only through its own title component; ours carry their heading inside (each
 * step its own). While the drawer is open, its dialog is labelled by the first heading it shows, so a screen
 * reader announces "Select all care provided, dialog" rather than a nameless dialog (axe: aria-dialog-name).
 */
function useDialogNamedByItsHeading(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const name = () => {
      const dialog = document.querySelector<HTMLElement>('[data-sage-drawer] [role="dialog"]');
      if (!dialog) return;
      const heading = dialog.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]');
      if (!heading) {
        if (dialog.hasAttribute('aria-labelledby')) dialog.removeAttribute('aria-labelledby');
        return;
      }
      if (!heading.id) {
        headingIds += 1;
        heading.id = `sage-drawer-heading-${headingIds}`;
      }
      if (dialog.getAttribute('aria-labelledby') !== heading.id)
        dialog.setAttribute('aria-labelledby', heading.id);
    };
    name();
    // The dialog mounts after the open (a portal, then the transition) and each step brings its own heading.
    const observer = new MutationObserver(name);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [open]);
}

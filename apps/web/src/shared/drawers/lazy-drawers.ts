import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { DrawerRegistry } from './drawer-registry';
import type { DrawerType } from './drawer-types';

type AnyComponent = ComponentType<Record<string, unknown>>;

/**
 * A drawer whose code loads on first use (docs/decisions/0381): a React.lazy component with `load()`, which the
 * drawer host awaits before the drawer slides in, so a drawer never opens on a placeholder.
 */
export type LazyDrawer = LazyExoticComponent<AnyComponent> & {
  /** Fetches the drawer's code (once); resolves to its component. */
  load(): Promise<AnyComponent>;
  /** The component once loaded (rendered as it is: no Suspense round), else undefined. */
  loaded(): AnyComponent | undefined;
};

export function isLazyDrawer(component: unknown): component is LazyDrawer {
  return (
    typeof component === 'object' &&
    component !== null &&
    typeof Reflect.get(component, 'load') === 'function'
  );
}

/**
 * Registers `types`, whose components are in the registry that `load` brings (a feature's drawers module), as
 * lazy drawers: the module is fetched when the first of them opens, once. A module that does not register a
 * type listed here fails the load.
 */
export function lazyDrawers<T extends DrawerType>(
  types: readonly T[],
  load: () => Promise<DrawerRegistry>,
): Pick<DrawerRegistry, T> {
  let registry: Promise<DrawerRegistry> | null = null;
  const loadRegistry = () => {
    registry ??= load().catch((error: unknown) => {
      registry = null;
      throw error;
    });
    return registry;
  };
  const entries = types.map((type) => {
    let component: AnyComponent | undefined;
    const loadComponent = async () => {
      if (component) return component;
      const found = (await loadRegistry())[type] as AnyComponent | undefined;
      if (!found) throw new Error(`The drawers module loaded for '${type}' does not register it`);
      component = found;
      return found;
    };
    const drawer = Object.assign(
      lazy(async () => ({ default: await loadComponent() })),
      { load: loadComponent, loaded: () => component },
    );
    return [type, drawer] as const;
  });
  return Object.fromEntries(entries) as unknown as Pick<DrawerRegistry, T>;
}

export { ConfirmationDrawer } from './confirmation-drawer';
export { DrawerLayout, type DrawerLayoutProps } from './drawer-layout';
export {
  DrawerProvider,
  type DrawerProviderProps,
  type DrawersApi,
  useActiveDrawerType,
  useDrawers,
} from './drawer-provider';
export type { OpenDrawerOptions } from './drawer-queue';
export type {
  DrawerComponent,
  DrawerComponentProps,
  DrawerControls,
  DrawerRegistry,
} from './drawer-registry';
export {
  type ConfirmationDrawerProps,
  DRAWER_TYPES,
  type DrawerPropsMap,
  type DrawerStep,
  type DrawerType,
  isDrawerType,
} from './drawer-types';
export { isLazyDrawer, type LazyDrawer, lazyDrawers } from './lazy-drawers';

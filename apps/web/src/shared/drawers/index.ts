export { ConfirmationDrawer } from './confirmation-drawer';
export type { OpenDrawerOptions } from './drawer-queue';
export { DrawerLayout, type DrawerLayoutProps } from './drawer-layout';
export { type DrawersApi, DrawerProvider, type DrawerProviderProps, useDrawers } from './drawer-provider';
export type { DrawerComponent, DrawerComponentProps, DrawerControls, DrawerRegistry } from './drawer-registry';
export {
  type ConfirmationDrawerProps,
  DRAWER_TYPES,
  type DrawerPropsMap,
  type DrawerStep,
  type DrawerType,
  isDrawerType,
} from './drawer-types';

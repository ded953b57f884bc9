import type { DrawerRegistry } from '../../../shared/drawers';
import { AllowNotificationsDrawer } from './allow-notifications-drawer';

/** The 'allow-notifications' drawer (its props are its own: AllowNotificationsDrawerProps). */
export const pushDrawers: DrawerRegistry = {
  'allow-notifications': AllowNotificationsDrawer as NonNullable<DrawerRegistry['allow-notifications']>,
};

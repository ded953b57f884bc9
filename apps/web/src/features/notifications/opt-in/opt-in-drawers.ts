import type { ComponentType } from 'react';
import type { DrawerControls, DrawerRegistry } from '../../../shared/drawers';
import { PhoneSubscriptionDrawer } from './phone-subscription-drawer';

// biome-ignore lint/suspicious/noExplicitAny: each drawer declares its own props; the registry is keyed by type
type AnyDrawer = ComponentType<any & { drawer: DrawerControls }>;
const asDrawer = (component: AnyDrawer) => component as NonNullable<DrawerRegistry['phone-subscription']>;

/** Notifications opt-in (phone subscription). */
export const optInDrawers: DrawerRegistry = {
  'phone-subscription': asDrawer(PhoneSubscriptionDrawer),
};

import type { ComponentType } from 'react';
import type { DrawerControls, DrawerRegistry } from '../../shared/drawers';
import { StaffMemberActionsDrawer } from './staff-member-actions-drawer';

// biome-ignore lint/suspicious/noExplicitAny: each drawer declares its own props; the registry is keyed by type
type AnyDrawer = ComponentType<any & { drawer: DrawerControls }>;
const asDrawer = (component: AnyDrawer) => component as NonNullable<DrawerRegistry['staff-member-actions']>;

/** The staff member actions drawer (sign-in doc section 2). */
export const teamDrawers: DrawerRegistry = {
  'staff-member-actions': asDrawer(StaffMemberActionsDrawer),
};

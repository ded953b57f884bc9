import type { ComponentType } from 'react';
import type { DrawerControls, DrawerRegistry } from '../../shared/drawers';
import { SelectCareZoneDrawer } from './select-care-zone-drawer';

// biome-ignore lint/suspicious/noExplicitAny: each drawer declares its own props; the registry is keyed by type
type AnyDrawer = ComponentType<any & { drawer: DrawerControls }>;
const asDrawer = (component: AnyDrawer) => component as NonNullable<DrawerRegistry['select-care-zone']>;

/** The 'Working In' care-zone drawer (sign-in doc section 2). */
export const shiftDrawers: DrawerRegistry = {
  'select-care-zone': asDrawer(SelectCareZoneDrawer),
};

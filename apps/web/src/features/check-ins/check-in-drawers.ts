import type { ComponentType } from 'react';
import type { DrawerControls, DrawerRegistry } from '../../shared/drawers';
import { UnitCheckInDrawer } from './unit-check-in-drawer';

// biome-ignore lint/suspicious/noExplicitAny: each drawer declares its own props; the registry is keyed by type
type AnyDrawer = ComponentType<any & { drawer: DrawerControls }>;
const asDrawer = (component: AnyDrawer) => component as NonNullable<DrawerRegistry['unit-check-in']>;

/** The unit check-in drawer (alerts doc section 2, drawer 11). */
export const checkInDrawers: DrawerRegistry = {
  'unit-check-in': asDrawer(UnitCheckInDrawer),
};

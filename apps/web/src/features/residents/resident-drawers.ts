import type { ComponentType } from 'react';
import type { DrawerControls, DrawerRegistry } from '../../shared/drawers';
import { ResidentDetailsDrawer } from './resident-details-drawer';
import { SearchResidentDrawer } from './search-resident-drawer';

// biome-ignore lint/suspicious/noExplicitAny: each drawer declares its own props; the registry is keyed by type
type AnyDrawer = ComponentType<any & { drawer: DrawerControls }>;
const asDrawer = (component: AnyDrawer) => component as NonNullable<DrawerRegistry['search-resident']>;

/** Search for Resident (drawer 8) and Resident details (drawer 9). */
export const residentDrawers: DrawerRegistry = {
  'search-resident': asDrawer(SearchResidentDrawer),
  'resident-details': asDrawer(ResidentDetailsDrawer),
};

import type { ComponentType } from 'react';
import type { DrawerControls, DrawerRegistry } from '../../shared/drawers';
import { ResidentPendantsDrawer } from './resident-pendants-drawer';
import { SelectResidentsWithButtonsDrawer } from './select-residents-with-buttons-drawer';

// biome-ignore lint/suspicious/noExplicitAny: each drawer declares its own props; the registry is keyed by type
type AnyDrawer = ComponentType<any & { drawer: DrawerControls }>;
const asDrawer = (component: AnyDrawer) => component as NonNullable<DrawerRegistry['resident-pendants']>;

/** Resident pendants (drawer 10) and the residents-with-buttons picker (drawer 16). */
export const deviceDrawers: DrawerRegistry = {
  'resident-pendants': asDrawer(ResidentPendantsDrawer),
  'select-residents-with-buttons': asDrawer(SelectResidentsWithButtonsDrawer),
};

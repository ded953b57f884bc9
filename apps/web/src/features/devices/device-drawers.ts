import type { ComponentType } from 'react';
import type { DrawerControls, DrawerRegistry } from '../../shared/drawers';
import { DoorScheduleDrawer } from './door-schedule-drawer';
import { ResidentPendantsDrawer } from './resident-pendants-drawer';
import { SelectDoorDrawer } from './select-door-drawer';
import { SelectResidentsWithButtonsDrawer } from './select-residents-with-buttons-drawer';
import { SelectRoomCheckInDrawer } from './select-room-check-in-drawer';

// biome-ignore lint/suspicious/noExplicitAny: each drawer declares its own props; the registry is keyed by type
type AnyDrawer = ComponentType<any & { drawer: DrawerControls }>;
const asDrawer = (component: AnyDrawer) => component as NonNullable<DrawerRegistry['resident-pendants']>;

/** Resident pendants (drawer 10), the residents-with-buttons picker (drawer 16), select door, door schedule and select room check-in (drawer 12). */
export const deviceDrawers: DrawerRegistry = {
  'resident-pendants': asDrawer(ResidentPendantsDrawer),
  'select-residents-with-buttons': asDrawer(SelectResidentsWithButtonsDrawer),
  'select-door': asDrawer(SelectDoorDrawer),
  'door-schedule': asDrawer(DoorScheduleDrawer),
  'select-room-check-in': asDrawer(SelectRoomCheckInDrawer),
};

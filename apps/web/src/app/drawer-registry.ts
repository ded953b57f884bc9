import { type DrawerRegistry, type DrawerType, lazyDrawers } from '../shared/drawers';
import { importWithReload } from './import-with-reload';

/** A feature's drawers module, fetched when one of its drawers first opens (reloading once on a stale chunk). */
const drawers = <T extends DrawerType>(types: readonly T[], load: () => Promise<DrawerRegistry>) =>
  lazyDrawers(types, () => importWithReload(load));

/**
 * Drawer components by type. Features add their drawers here as they are built; a type left out is
 * logged and dismissed when opened. Every drawer loads on first use, so the first load carries none of
 * their code (docs/decisions/0381): list a module's types beside its import.
 */
export const drawerRegistry: DrawerRegistry = {
  ...drawers(['confirmation'], () =>
    import('../shared/drawers/confirmation-drawer').then((m) => ({
      confirmation: m.ConfirmationDrawer as NonNullable<DrawerRegistry['confirmation']>,
    })),
  ),
  ...drawers(['select-device'], () =>
    import('../features/shift/select-device-drawer').then((m) => ({
      'select-device': m.SelectDeviceDrawer as NonNullable<DrawerRegistry['select-device']>,
    })),
  ),
  ...drawers(
    [
      'add-task-note',
      'care-confirmation',
      'multi-outcome-resolution',
      'add-observations',
      'resolve-task',
      'select-was-fall',
      'select-emergency-reason',
    ],
    () => import('../features/care/care-drawers').then((m) => m.careDrawers),
  ),
  ...drawers(['search-resident', 'resident-details'], () =>
    import('../features/residents/resident-drawers').then((m) => m.residentDrawers),
  ),
  ...drawers(['allow-notifications'], () =>
    import('../features/notifications/push/push-drawers').then((m) => m.pushDrawers),
  ),
  ...drawers(
    [
      'resident-pendants',
      'select-residents-with-buttons',
      'select-door',
      'door-schedule',
      'select-room-check-in',
    ],
    () => import('../features/devices/device-drawers').then((m) => m.deviceDrawers),
  ),
  ...drawers(['phone-subscription'], () =>
    import('../features/notifications/opt-in/opt-in-drawers').then((m) => m.optInDrawers),
  ),
  ...drawers(['select-options', 'select-ward', 'select-unit', 'select-person', 'unit-detail'], () =>
    import('../features/pickers/picker-drawers').then((m) => m.pickerDrawers),
  ),
  ...drawers(['select-enterprise'], () =>
    import('../features/admin/enterprises/select-enterprise-drawer').then((m) => m.enterpriseDrawers),
  ),
  ...drawers(['staff-member-actions'], () =>
    import('../features/team/team-drawers').then((m) => m.teamDrawers),
  ),
  ...drawers(['explore-insights', 'complete-insight', 'send-high-five', 'receive-high-five'], () =>
    import('../features/insights/insight-drawers').then((m) => m.insightDrawers),
  ),
  ...drawers(['unit-check-in'], () =>
    import('../features/check-ins/check-in-drawers').then((m) => m.checkInDrawers),
  ),
  ...drawers(['select-care-zone'], () =>
    import('../features/shift/shift-drawers').then((m) => m.shiftDrawers),
  ),
};

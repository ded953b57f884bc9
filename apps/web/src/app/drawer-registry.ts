import { enterpriseDrawers } from '../features/admin/enterprises/select-enterprise-drawer';
import { careDrawers } from '../features/care/care-drawers';
import { checkInDrawers } from '../features/check-ins/check-in-drawers';
import { deviceDrawers } from '../features/devices/device-drawers';
import { insightDrawers } from '../features/insights/insight-drawers';
import { optInDrawers } from '../features/notifications/opt-in/opt-in-drawers';
import { pushDrawers } from '../features/notifications/push/push-drawers';
import { pickerDrawers } from '../features/pickers/picker-drawers';
import { residentDrawers } from '../features/residents/resident-drawers';
import { SelectDeviceDrawer } from '../features/shift/select-device-drawer';
import { shiftDrawers } from '../features/shift/shift-drawers';
import { teamDrawers } from '../features/team/team-drawers';
import { ConfirmationDrawer, type DrawerRegistry } from '../shared/drawers';

/**
 * Drawer components by type. Features add their drawers here as they are built; a type left out is
 * logged and dismissed when opened.
 */
export const drawerRegistry: DrawerRegistry = {
  confirmation: ConfirmationDrawer,
  'select-device': SelectDeviceDrawer,
  ...careDrawers,
  ...residentDrawers,
  ...pushDrawers,
  ...deviceDrawers,
  ...optInDrawers,
  ...pickerDrawers,
  ...enterpriseDrawers,
  ...teamDrawers,
  ...insightDrawers,
  ...checkInDrawers,
  ...shiftDrawers,
};

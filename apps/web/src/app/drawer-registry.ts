import { careDrawers } from '../features/care/care-drawers';
import { residentDrawers } from '../features/residents/resident-drawers';
import { SelectDeviceDrawer } from '../features/shift/select-device-drawer';
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
};

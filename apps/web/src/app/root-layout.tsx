import { Outlet } from 'react-router';
import { DrawerProvider } from '../shared/drawers';
import { drawerRegistry } from './drawer-registry';
import { useScrollRestoration } from './scroll-restoration';

/** Root route: shared providers that need the router (drawers may navigate), then the page. */
export function RootLayout() {
  useScrollRestoration();
  return (
    <DrawerProvider registry={drawerRegistry}>
      <Outlet />
    </DrawerProvider>
  );
}

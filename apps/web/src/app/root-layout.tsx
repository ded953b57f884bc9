import { Outlet, ScrollRestoration } from 'react-router';
import { DrawerProvider } from '../shared/drawers';
import { drawerRegistry } from './drawer-registry';

/** Root route: shared providers that need the router (drawers may navigate), then the page. */
export function RootLayout() {
  return (
    <DrawerProvider registry={drawerRegistry}>
      <Outlet />
      <ScrollRestoration />
    </DrawerProvider>
  );
}

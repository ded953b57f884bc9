import { type ComponentType, type ReactNode, Suspense, use, useEffect } from 'react';
import {
  BrowserRouter,
  matchRoutes,
  Navigate,
  type RouteObject,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
} from 'react-router';
import { LoadingScreen } from '../features/shell/loading-screen';
import { RouteErrorBoundary } from '../features/shell/route-error-screen';
import { AUTHENTICATE_ROUTE, DEFAULT_ROUTE } from '../shared/constants';
import { preloadMessages } from '../shared/i18n';
import { setAppNavigator } from '../shared/navigation';
import { sessionStore } from '../shared/session';
import { type Tracked, tracked } from '../shared/tracked';
import { importWithReload } from './import-with-reload';
import { RootLayout } from './root-layout';

/*
 * The router in React Router's declarative mode (BrowserRouter and route objects), not its data router
 * (createBrowserRouter): the app uses no loaders, actions or fetchers beyond two redirects, and the data router
 * was 17 kB gzipped of every first load (docs/decisions/0465). What the data router did is done here:
 * the redirects (RedirectHome, RequireSession), lazy route modules fetched together (AppRoutes), the error
 * screen (RouteErrorBoundary), the loading screen of a first load (the Suspense fallback) and the scroll
 * positions (root-layout.tsx).
 */

/** Starts fetching a route's module (once), settling when it is in; kept in the route's `handle`. */
interface RouteHandle {
  preload: () => Promise<unknown>;
}

/**
 * A route element whose component is fetched when the route first matches (reloading once on a stale chunk). It
 * reads the module with `use` rather than `lazy`: once the module is in, the first render does not suspend, so a
 * first load whose module was awaited (the prerendered sign-in page, main.tsx) never shows the loading screen.
 */
function lazyRoute(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let module: Tracked<ComponentType> | undefined;
  // A failure is React's to handle (the route's error screen), not an unhandled rejection here.
  const fetchModule = () => {
    module ??= tracked(importWithReload(load), () => {});
    return module;
  };
  function Page() {
    const Component = use(fetchModule() as Promise<ComponentType>);
    return <Component />;
  }
  const handle: RouteHandle = { preload: fetchModule };
  return { element: <Page />, handle };
}

function page(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, ...lazyRoute(load) };
}

/**
 * A redirect as the data router's loaders made it: it replaces the address it was asked for (a link or a
 * replace), and adds an entry after a first load or back/forward (the data router's redirect was a push there).
 */
function Redirect({ to }: { to: string }) {
  const navigationType = useNavigationType();
  return <Navigate to={to} replace={navigationType !== 'POP'} />;
}

/** Signed-out visitors go to the login page; signed-in ones to the dashboard. */
function RedirectHome() {
  return <Redirect to={sessionStore.get() ? DEFAULT_ROUTE : AUTHENTICATE_ROUTE} />;
}

/**
 * Without a session, the login page instead of the signed-in layout (whose module is then not fetched).
 * Checked when the address changes; the layout itself follows the session while it is shown.
 */
function RequireSession({ children }: { children: ReactNode }) {
  return sessionStore.get() ? children : <Redirect to={AUTHENTICATE_ROUTE} />;
}

const signedInLayout = lazyRoute(() =>
  import('../features/signed-in/signed-in-layout').then((m) => m.SignedInLayout),
);

const signedIn: RouteObject = {
  element: <RequireSession>{signedInLayout.element}</RequireSession>,
  handle: signedInLayout.handle,
  children: [
    page('profile/shift', () => import('../features/shift/shift-page').then((m) => m.ShiftPage)),
    // The page's messages (dashboard-page.tsx asks for the same) are fetched with its code, not once it renders.
    page('dashboard', () => {
      preloadMessages('dashboard', 'severity', 'status', 'entries');
      return import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage);
    }),
    page('alerts', () => import('../features/alerts/alerts-page').then((m) => m.AlertsPage)),
    page('alerts/alert/:taskId', () =>
      import('../features/alerts/alert-detail-page').then((m) => m.AlertDetailPage),
    ),
    page('residents/resident/:id', () =>
      import('../features/residents/resident-page').then((m) => m.ResidentPage),
    ),
    page('devices/allocation/:id', () =>
      import('../features/devices/device-allocation-page').then((m) => m.DeviceAllocationPage),
    ),
    page('team', () => import('../features/team/team-page').then((m) => m.TeamPage)),
    page('team/member/:id', () => import('../features/team/team-member-page').then((m) => m.TeamMemberPage)),
    page('admin/staff', () =>
      import('../features/admin/staff/staff-admin-page').then((m) => m.StaffAdminPage),
    ),
    page('admin/staff/new', () =>
      import('../features/admin/staff/staff-form-page').then((m) => m.InviteStaffPage),
    ),
    page('admin/staff/:id', () =>
      import('../features/admin/staff/staff-form-page').then((m) => m.EditStaffPage),
    ),
    page('admin/groups', () =>
      import('../features/admin/groups/groups-admin-page').then((m) => m.GroupsAdminPage),
    ),
    page('settings/notifications', () =>
      import('../features/notification-policies/notification-settings-page').then(
        (m) => m.NotificationSettingsPage,
      ),
    ),
    page('admin/company-phones', () =>
      import('../features/admin/company-phones/company-phones-page').then((m) => m.CompanyPhonesPage),
    ),
    page('admin/features', () =>
      import('../features/admin/features/features-page').then((m) => m.FeaturesPage),
    ),
    page('admin/facilities', () =>
      import('../features/admin/facilities/facilities-page').then((m) => m.FacilitiesPage),
    ),
    // The managers' area: residents, units, care zones (docs/decisions/0155).
    page('manage', () => import('../features/admin/manage-page').then((m) => m.ManagePage)),
    page('manage/residents', () =>
      import('../features/admin/residents/residents-admin-page').then((m) => m.ResidentsAdminPage),
    ),
    page('manage/residents/:id', () =>
      import('../features/admin/residents/resident-edit-page').then((m) => m.ResidentEditPage),
    ),
    page('manage/units', () =>
      import('../features/admin/units/units-admin-page').then((m) => m.UnitsAdminPage),
    ),
    page('manage/units/:id', () =>
      import('../features/admin/units/unit-edit-page').then((m) => m.UnitEditPage),
    ),
    page('manage/station-displays', () =>
      import('../features/station-display/station-displays-admin-page').then(
        (m) => m.StationDisplaysAdminPage,
      ),
    ),
    page('manage/care-zones', () =>
      import('../features/admin/care-zones/care-zones-admin-page').then((m) => m.CareZonesAdminPage),
    ),
    page('manage/care-zones/:id', () =>
      import('../features/admin/care-zones/care-zone-edit-page').then((m) => m.CareZoneEditPage),
    ),
    page('manage/ehr-locked-fields', () =>
      import('../features/admin/ehr-locked-fields/ehr-locked-fields-page').then((m) => m.EhrLockedFieldsPage),
    ),
    // Daily check-in list (docs/decisions/0232).
    page('check-ins', () =>
      import('../features/check-ins/daily-check-ins-page').then((m) => m.DailyCheckInsPage),
    ),
    page('manage/routine-checks', () =>
      import('../features/admin/routine-checks/routine-checks-page').then((m) => m.RoutineChecksPage),
    ),
    page('tasks', () => import('../features/tasks/tasks-page').then((m) => m.TasksPage)),
    page('tasks/add', () => import('../features/tasks/add-task-page').then((m) => m.AddTaskPage)),
    page('tasks/schedules', () =>
      import('../features/tasks/task-schedules-page').then((m) => m.TaskSchedulesPage),
    ),
    // Devices and doors in the managers' area (docs/decisions/0250).
    page('manage/devices', () => import('../features/devices/registry-page').then((m) => m.RegistryPage)),
    page('manage/devices/:id', () => import('../features/devices/device-page').then((m) => m.DevicePage)),
    page('manage/doors', () => import('../features/devices/doors-page').then((m) => m.DoorsPage)),
    // A technician's device QA walk (docs/decisions/0273).
    page('manage/device-qa', () =>
      import('../features/device-qa/device-qa-page').then((m) => m.DeviceQaPage),
    ),
    // Response times for managers (issue 14; docs/decisions/0305): charts load with the page only.
    page('manage/response-times', () =>
      import('../features/insights/response-times/response-times-page').then((m) => m.ResponseTimesPage),
    ),
    page('insights', () => import('../features/insights/insights-page').then((m) => m.InsightsPage)),
    page('manage/reports', () => import('../features/reports/reports-page').then((m) => m.ReportsPage)),
  ],
};

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <RedirectHome /> },
      page('authenticate', () =>
        import('../features/authenticate/authenticate-page').then((m) => m.AuthenticatePage),
      ),
      // A paired station display (docs/decisions/0370): outside the signed-in layout, its own session.
      page('station', () =>
        import('../features/station-display/station-display-page').then((m) => m.StationDisplayPage),
      ),
      page('auth_confirmed', () =>
        import('../features/authenticate/auth-confirmed-page').then((m) => m.AuthConfirmedPage),
      ),
      signedIn,
      // Any other path: the login page when signed out (spec), the dashboard when signed in.
      { path: '*', element: <RedirectHome /> },
    ],
  },
];

/**
 * The routes for the current address. Every matched route's module is fetched at once (the signed-in layout's
 * and its page's together, as the data router did), not the page's only once the layout has rendered.
 */
function AppRoutes() {
  const location = useLocation();
  preloadRoutes(location);
  return useRoutes(routes);
}

/**
 * Starts fetching the modules of every route matching the address (the signed-in ones only with a session);
 * settles when they are all in.
 */
function preloadRoutes(location: Pick<Location, 'pathname'>): Promise<unknown> {
  const loading: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, location) ?? []) {
    if (route === signedIn && !sessionStore.get()) break;
    const handle = route.handle as RouteHandle | undefined;
    if (handle) loading.push(handle.preload());
  }
  return Promise.all(loading);
}

/** The first address's route modules, in (main.tsx waits for them under a prerendered page, decision 0900). */
export const firstRoutesLoaded = (): Promise<unknown> => preloadRoutes(window.location);

// The first address's route modules are fetched as soon as this module is evaluated, not once React renders
// AppRoutes: the rest of the first chunk's evaluation and React's first render no longer come before their
// request (Lighthouse's critical request chain; docs/decisions/0625). Same modules, fetched once (lazyRoute).
if (typeof window !== 'undefined') void preloadRoutes(window.location);

/** Lets code outside React (the API client's 401 handler) navigate inside the app (shared/navigation.ts). */
function AppNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setAppNavigator((to, options) => {
      void navigate(to, options);
    });
    return () => setAppNavigator(null);
  }, [navigate]);
  return null;
}

/** The app's pages by address, with the loading screen while a first load fetches its page. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppNavigator />
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingScreen />}>
          <AppRoutes />
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}

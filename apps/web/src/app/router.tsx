import { createBrowserRouter, redirect } from 'react-router';
import { LoadingScreen } from '../features/shell/loading-screen';
import { RouteErrorScreen } from '../features/shell/route-error-screen';
import { AUTHENTICATE_ROUTE, DEFAULT_ROUTE } from '../shared/constants';
import { sessionStore } from '../shared/session';
import { importWithReload } from './import-with-reload';
import { RootLayout } from './root-layout';

/** Signed-out visitors go to the login page; signed-in ones to the dashboard. */
function redirectHome() {
  return redirect(sessionStore.get() ? DEFAULT_ROUTE : AUTHENTICATE_ROUTE);
}

function requireSession() {
  if (!sessionStore.get()) throw redirect(AUTHENTICATE_ROUTE);
  return null;
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      Component: RootLayout,
      errorElement: <RouteErrorScreen />,
      HydrateFallback: LoadingScreen,
      children: [
        { index: true, loader: redirectHome },
        {
          path: 'authenticate',
          lazy: () =>
            importWithReload(() => import('../features/authenticate/authenticate-page')).then((m) => ({
              Component: m.AuthenticatePage,
            })),
        },
        {
          // A paired station display (docs/decisions/0370): outside the signed-in layout, its own session.
          path: 'station',
          lazy: () =>
            importWithReload(() => import('../features/station-display/station-display-page')).then((m) => ({
              Component: m.StationDisplayPage,
            })),
        },
        {
          path: 'auth_confirmed',
          lazy: () =>
            importWithReload(() => import('../features/authenticate/auth-confirmed-page')).then((m) => ({
              Component: m.AuthConfirmedPage,
            })),
        },
        {
          id: 'signed-in',
          loader: requireSession,
          lazy: () =>
            importWithReload(() => import('../features/signed-in/signed-in-layout')).then((m) => ({
              Component: m.SignedInLayout,
            })),
          children: [
            {
              path: 'profile/shift',
              lazy: () =>
                importWithReload(() => import('../features/shift/shift-page')).then((m) => ({
                  Component: m.ShiftPage,
                })),
            },
            {
              path: 'dashboard',
              lazy: () =>
                importWithReload(() => import('../features/dashboard/dashboard-page')).then((m) => ({
                  Component: m.DashboardPage,
                })),
            },
            {
              path: 'alerts',
              lazy: () =>
                importWithReload(() => import('../features/alerts/alerts-page')).then((m) => ({
                  Component: m.AlertsPage,
                })),
            },
            {
              path: 'alerts/alert/:taskId',
              lazy: () =>
                importWithReload(() => import('../features/alerts/alert-detail-page')).then((m) => ({
                  Component: m.AlertDetailPage,
                })),
            },
            {
              path: 'residents/resident/:id',
              lazy: () =>
                importWithReload(() => import('../features/residents/resident-page')).then((m) => ({
                  Component: m.ResidentPage,
                })),
            },
            {
              path: 'devices/allocation/:id',
              lazy: () =>
                importWithReload(() => import('../features/devices/device-allocation-page')).then((m) => ({
                  Component: m.DeviceAllocationPage,
                })),
            },
            {
              path: 'team',
              lazy: () =>
                importWithReload(() => import('../features/team/team-page')).then((m) => ({
                  Component: m.TeamPage,
                })),
            },
            {
              path: 'team/member/:id',
              lazy: () =>
                importWithReload(() => import('../features/team/team-member-page')).then((m) => ({
                  Component: m.TeamMemberPage,
                })),
            },
            {
              path: 'admin/staff',
              lazy: () =>
                importWithReload(() => import('../features/admin/staff/staff-admin-page')).then((m) => ({
                  Component: m.StaffAdminPage,
                })),
            },
            {
              path: 'admin/staff/new',
              lazy: () =>
                importWithReload(() => import('../features/admin/staff/staff-form-page')).then((m) => ({
                  Component: m.InviteStaffPage,
                })),
            },
            {
              path: 'admin/staff/:id',
              lazy: () =>
                importWithReload(() => import('../features/admin/staff/staff-form-page')).then((m) => ({
                  Component: m.EditStaffPage,
                })),
            },
            {
              path: 'admin/groups',
              lazy: () =>
                importWithReload(() => import('../features/admin/groups/groups-admin-page')).then((m) => ({
                  Component: m.GroupsAdminPage,
                })),
            },
            {
              path: 'settings/notifications',
              lazy: () =>
                importWithReload(
                  () => import('../features/notification-policies/notification-settings-page'),
                ).then((m) => ({
                  Component: m.NotificationSettingsPage,
                })),
            },
            {
              path: 'admin/company-phones',
              lazy: () =>
                importWithReload(() => import('../features/admin/company-phones/company-phones-page')).then(
                  (m) => ({
                    Component: m.CompanyPhonesPage,
                  }),
                ),
            },
            {
              path: 'admin/features',
              lazy: () =>
                importWithReload(() => import('../features/admin/features/features-page')).then((m) => ({
                  Component: m.FeaturesPage,
                })),
            },
            {
              path: 'admin/facilities',
              lazy: () =>
                importWithReload(() => import('../features/admin/facilities/facilities-page')).then((m) => ({
                  Component: m.FacilitiesPage,
                })),
            },
            // The managers' area: residents, units, care zones (docs/decisions/0155).
            {
              path: 'manage',
              lazy: () =>
                importWithReload(() => import('../features/admin/manage-page')).then((m) => ({
                  Component: m.ManagePage,
                })),
            },
            {
              path: 'manage/residents',
              lazy: () =>
                importWithReload(() => import('../features/admin/residents/residents-admin-page')).then(
                  (m) => ({
                    Component: m.ResidentsAdminPage,
                  }),
                ),
            },
            {
              path: 'manage/residents/:id',
              lazy: () =>
                importWithReload(() => import('../features/admin/residents/resident-edit-page')).then(
                  (m) => ({
                    Component: m.ResidentEditPage,
                  }),
                ),
            },
            {
              path: 'manage/units',
              lazy: () =>
                importWithReload(() => import('../features/admin/units/units-admin-page')).then((m) => ({
                  Component: m.UnitsAdminPage,
                })),
            },
            {
              path: 'manage/units/:id',
              lazy: () =>
                importWithReload(() => import('../features/admin/units/unit-edit-page')).then((m) => ({
                  Component: m.UnitEditPage,
                })),
            },
            {
              path: 'manage/station-displays',
              lazy: () =>
                importWithReload(
                  () => import('../features/station-display/station-displays-admin-page'),
                ).then((m) => ({ Component: m.StationDisplaysAdminPage })),
            },
            {
              path: 'manage/care-zones',
              lazy: () =>
                importWithReload(() => import('../features/admin/care-zones/care-zones-admin-page')).then(
                  (m) => ({
                    Component: m.CareZonesAdminPage,
                  }),
                ),
            },
            {
              path: 'manage/care-zones/:id',
              lazy: () =>
                importWithReload(() => import('../features/admin/care-zones/care-zone-edit-page')).then(
                  (m) => ({
                    Component: m.CareZoneEditPage,
                  }),
                ),
            },
            {
              path: 'manage/ehr-locked-fields',
              lazy: () =>
                importWithReload(
                  () => import('../features/admin/ehr-locked-fields/ehr-locked-fields-page'),
                ).then((m) => ({ Component: m.EhrLockedFieldsPage })),
            },
            // Daily check-in list (docs/decisions/0232).
            {
              path: 'check-ins',
              lazy: () =>
                importWithReload(() => import('../features/check-ins/daily-check-ins-page')).then((m) => ({
                  Component: m.DailyCheckInsPage,
                })),
            },
            {
              path: 'manage/routine-checks',
              lazy: () =>
                importWithReload(() => import('../features/admin/routine-checks/routine-checks-page')).then(
                  (m) => ({ Component: m.RoutineChecksPage }),
                ),
            },
            {
              path: 'tasks',
              lazy: () =>
                importWithReload(() => import('../features/tasks/tasks-page')).then((m) => ({
                  Component: m.TasksPage,
                })),
            },
            {
              path: 'tasks/add',
              lazy: () =>
                importWithReload(() => import('../features/tasks/add-task-page')).then((m) => ({
                  Component: m.AddTaskPage,
                })),
            },
            {
              path: 'tasks/schedules',
              lazy: () =>
                importWithReload(() => import('../features/tasks/task-schedules-page')).then((m) => ({
                  Component: m.TaskSchedulesPage,
                })),
            },
            // Devices and doors in the managers' area (docs/decisions/0250).
            {
              path: 'manage/devices',
              lazy: () =>
                importWithReload(() => import('../features/devices/registry-page')).then((m) => ({
                  Component: m.RegistryPage,
                })),
            },
            {
              path: 'manage/devices/:id',
              lazy: () =>
                importWithReload(() => import('../features/devices/device-page')).then((m) => ({
                  Component: m.DevicePage,
                })),
            },
            {
              path: 'manage/doors',
              lazy: () =>
                importWithReload(() => import('../features/devices/doors-page')).then((m) => ({
                  Component: m.DoorsPage,
                })),
            },
            // A technician's device QA walk (docs/decisions/0273).
            {
              path: 'manage/device-qa',
              lazy: () =>
                importWithReload(() => import('../features/device-qa/device-qa-page')).then((m) => ({
                  Component: m.DeviceQaPage,
                })),
            },
            // Response times for managers (issue 14; docs/decisions/0305): charts load with the page only.
            {
              path: 'manage/response-times',
              lazy: () =>
                importWithReload(
                  () => import('../features/insights/response-times/response-times-page'),
                ).then((m) => ({ Component: m.ResponseTimesPage })),
            },
            {
              path: 'insights',
              lazy: () =>
                importWithReload(() => import('../features/insights/insights-page')).then((m) => ({
                  Component: m.InsightsPage,
                })),
            },
            {
              path: 'manage/reports',
              lazy: () =>
                importWithReload(() => import('../features/reports/reports-page')).then((m) => ({
                  Component: m.ReportsPage,
                })),
            },
          ],
        },
        // Any other path: the login page when signed out (spec), the dashboard when signed in.
        { path: '*', loader: redirectHome },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

import { DEV_OUTBOX_PATH, SERVICE_BASE_PATHS } from '@sage/contract';
import type { FastifyInstance } from 'fastify';
import { usesOutbox } from '../env';
import auditLogRoutes from './admin/audit-log/routes';
import careZonesRoutes from './admin/care-zones/routes';
import checkInsRoutes from './admin/check-ins/routes';
import claimReminderRoutes from './admin/claim-reminder/routes';
import companyPhonesRoutes from './admin/company-phones/routes';
import configurationRoutes from './admin/configuration/routes';
import devicesRoutes from './admin/devices/routes';
import doorsRoutes from './admin/doors/routes';
import ehrLockedFieldsRoutes from './admin/ehr-locked-fields/routes';
import enterprisesRoutes from './admin/enterprises/routes';
import facilitiesRoutes from './admin/facilities/routes';
import featuresRoutes from './admin/features/routes';
import groupsRoutes from './admin/groups/routes';
import inactivityLogoffRoutes from './admin/inactivity-logoff/routes';
import mediaRoutes from './admin/media/routes';
import residentsRoutes from './admin/residents/routes';
import staffProfileRoutes from './admin/staff/routes';
import staffPreferencesRoutes from './admin/staff-preferences/routes';
import staffTourRoutes from './admin/staff-tour/routes';
import {
  stationDisplayReadRoutes,
  stationDisplaysRoutes,
  stationDisplayTokenRoutes,
} from './admin/station-displays/routes';
import taskHistoryRoutes from './admin/task-history/routes';
import taskSchedulesRoutes from './admin/task-schedules/routes';
import tasksRoutes from './admin/tasks/routes';
import unitsRoutes from './admin/units/routes';
import authorizeRoutes from './auth/authorize/routes';
import outboxRoutes from './auth/outbox/routes';
import signinRoutes from './auth/routes';
import { createSigninDeps, usesMailOutbox } from './auth/transports';
import { adminCareEventRoutes, adminResidentCareRoutes } from './care/admin-routes';
import careRoutes from './care/routes';
import alertLocationSessionsRoutes from './device-audit/alert-location-sessions/routes';
import auditSessionsRoutes from './device-audit/audit-sessions/routes';
import deviceQaSessionsRoutes from './device-audit/device-qa-sessions/routes';
import recognitionsRoutes from './gamification/recognitions/routes';
import insightsRoutes from './insights/insights/routes';
import responseTimesRoutes from './insights/response-times/routes';
import rulesRoutes from './insights/rules/routes';
import workflowsRoutes from './insights/workflows/routes';
import liveRoutes from './live/routes';
import locationQueryRoutes from './location-query/location-query/routes';
import { notificationContextRoutes, notificationPolicyRoutes } from './messaging/policy-routes';
import {
  createApiNotifier,
  inboundSmsRoutes,
  messageDeliveryRoutes,
  messageOrchestrationRoutes,
} from './messaging/routes';
import clientErrorsRoutes from './system/client-errors/routes';
import healthRoutes from './system/health/routes';
import tabularRecordRoutes from './tabular-record/routes';

/**
 * Every service under its base path. Services are encapsulated plugins; `authenticated` adds the authentication
 * hook once per service scope, so a route is protected by where it is registered. It runs as a preHandler, after
 * validation: malformed input is a 400 naming the field even without a token (the schemas are public at /docs),
 * and no handler ever runs unauthenticated (docs/decisions/0009).
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  /** A service's routes under `prefix`, every one behind the bearer token. */
  const authenticated = (prefix: string, routes: (service: FastifyInstance) => PromiseLike<unknown>) =>
    app.register(
      async (service) => {
        service.addHook('preHandler', service.authenticate);
        await routes(service);
      },
      { prefix },
    );

  await app.register(healthRoutes);
  await app.register(liveRoutes);

  // Sign-in (public: outside the authenticated scopes).
  const signinDeps = await createSigninDeps(app.prisma, app.config, app.sessions);
  await app.register(signinRoutes, { prefix: SERVICE_BASE_PATHS.signIn, deps: signinDeps });
  await app.register(authorizeRoutes, { prefix: '/auth/authorize', deps: signinDeps });
  if (usesOutbox(app.config) || usesMailOutbox(app.config)) {
    await app.register(outboxRoutes, { prefix: DEV_OUTBOX_PATH });
  }

  await authenticated(SERVICE_BASE_PATHS.admin, async (admin) => {
    await admin.register(unitsRoutes, { prefix: '/units' });
    await admin.register(staffProfileRoutes);
    await admin.register(staffTourRoutes);
    await admin.register(tasksRoutes, { prefix: '/tasks' });
    await admin.register(adminCareEventRoutes, { prefix: '/careEvents' });
    await admin.register(adminResidentCareRoutes, { prefix: '/residents' });
    await admin.register(residentsRoutes, { prefix: '/residents' });
    await admin.register(staffPreferencesRoutes, { prefix: '/staffFacilityPreferences' });
    await admin.register(notificationPolicyRoutes, { prefix: '/notificationPolicies' });
    await admin.register(notificationContextRoutes, { prefix: '/notificationContexts' });
    await admin.register(checkInsRoutes, { prefix: '/checkIns' });
    await admin.register(devicesRoutes, { prefix: '/devices' });
    await admin.register(doorsRoutes, { prefix: '/doors' });
    await admin.register(enterprisesRoutes, { prefix: '/enterprises' });
    await admin.register(facilitiesRoutes, { prefix: '/facilities' });
    await admin.register(companyPhonesRoutes, { prefix: '/companyPhones' });
    await admin.register(featuresRoutes, { prefix: '/features' });
    await admin.register(configurationRoutes);
    await admin.register(mediaRoutes, { prefix: '/media' });
    await admin.register(auditLogRoutes, { prefix: '/auditLog' });
    await admin.register(taskHistoryRoutes, { prefix: '/taskHistory' });
    await admin.register(inactivityLogoffRoutes, { prefix: '/facilities' });
    await admin.register(claimReminderRoutes, { prefix: '/facilities' });
    await admin.register(careZonesRoutes, { prefix: '/careZones' });
    await admin.register(ehrLockedFieldsRoutes, { prefix: '/ehrLockedFields' });
    await admin.register(groupsRoutes, { prefix: '/groups' });
    await admin.register(taskSchedulesRoutes, { prefix: '/schedules/tasks' });
    await admin.register(stationDisplaysRoutes, { prefix: '/stationDisplays' });
  });
  // Station displays (docs/decisions/0370): the display's own read (display token), its token (public).
  await app.register(stationDisplayReadRoutes, {
    prefix: `${SERVICE_BASE_PATHS.admin}/stationDisplays/current`,
  });
  await app.register(stationDisplayTokenRoutes, { prefix: `${SERVICE_BASE_PATHS.signIn}/stationDisplays` });
  // Errors reported by the web app (docs/decisions/0374): public, rate-limited.
  await app.register(clientErrorsRoutes, { prefix: SERVICE_BASE_PATHS.signIn });

  await authenticated(SERVICE_BASE_PATHS.care, (care) => care.register(careRoutes));

  // Message orchestration; its inbound text-message webhook is public (Twilio's signature is checked).
  await app.register(inboundSmsRoutes, { prefix: SERVICE_BASE_PATHS.messageOrchestration });
  // Delivery status: the recipient's bearer token or the push's receipt token (docs/decisions/0063).
  await app.register(messageDeliveryRoutes, { prefix: SERVICE_BASE_PATHS.messageOrchestration });
  await authenticated(SERVICE_BASE_PATHS.messageOrchestration, (messaging) =>
    messaging.register(messageOrchestrationRoutes),
  );

  // Device audit and location query (docs/decisions/0270-0272).
  await authenticated(SERVICE_BASE_PATHS.deviceAudit, async (deviceAudit) => {
    await deviceAudit.register(auditSessionsRoutes, { prefix: '/auditSessions' });
    await deviceAudit.register(deviceQaSessionsRoutes, { prefix: '/deviceQaSessions' });
    await deviceAudit.register(alertLocationSessionsRoutes, { prefix: '/alertLocationSessions' });
  });
  await authenticated(SERVICE_BASE_PATHS.locationQuery, (locationQuery) =>
    locationQuery.register(locationQueryRoutes),
  );
  // Insights (response times, issue 14; decisions 0290-0293) and gamification: a high five goes out live and by
  // web push.
  const recognitionDeps = { prisma: app.prisma, notifier: await createApiNotifier(app), log: app.log };
  await authenticated(SERVICE_BASE_PATHS.insights, async (insights) => {
    await insights.register(responseTimesRoutes, { prefix: '/responseTimes' });
    await insights.register(insightsRoutes, { prefix: '/insights' });
    await insights.register(rulesRoutes, { prefix: '/rules' });
    await insights.register(workflowsRoutes, { prefix: '/workflows', deps: recognitionDeps });
  });
  await authenticated(SERVICE_BASE_PATHS.gamification, (gamification) =>
    gamification.register(recognitionsRoutes, { prefix: '/recognitions', deps: recognitionDeps }),
  );
  // Tabular record: reports run by the worker (docs/decisions/0280-0283).
  await authenticated(SERVICE_BASE_PATHS.tabularRecord, (tabularRecord) =>
    tabularRecord.register(tabularRecordRoutes),
  );
}

import {
  ERROR_REPLIES,
  ZCreatedStationDisplaySchema,
  ZCreateStationDisplayRequestSchema,
  ZDeviceTestNoticesReplySchema,
  ZErrorReplySchema,
  ZStationAlertsReplySchema,
  ZStationDisplayListQuerySchema,
  ZStationDisplayListSchema,
  ZStationDisplayParamsSchema,
  ZStationDisplayTokenReplySchema,
  ZStationDisplayTokenRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_BODY_LIMITS } from '../../../plugins/app/public-limits';
import { deviceTestNotices } from '../../device-audit/device-qa-sessions/service';
import {
  createStationDisplay,
  listStationDisplays,
  removeStationDisplay,
  stationAlerts,
  stationDisplayToken,
} from './service';

const tags = ['admin: station displays'];

/** Managers pair, list and unpair station displays (docs/decisions/0370). Under /admin/api/v1/stationDisplays. */
export const stationDisplaysRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = (request: { auth: { staffMemberId: string } | null }) => request.auth!.staffMemberId;

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Pair a station display for a facility and care zones (management); its key is shown once',
        body: ZCreateStationDisplayRequestSchema,
        response: { 201: ZCreatedStationDisplaySchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createStationDisplay(app.prisma, me(request), request.body)),
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: "The facility's paired station displays (management)",
        querystring: ZStationDisplayListQuerySchema,
        response: { 200: ZStationDisplayListSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => listStationDisplays(app.prisma, me(request), request.query.facilityId),
  );

  app.delete(
    '/:stationDisplayId',
    {
      schema: {
        tags,
        summary: 'Unpair a station display (management): its key and sessions stop working',
        params: ZStationDisplayParamsSchema,
        response: { 200: z.object({ id: z.string() }), ...ERROR_REPLIES },
      },
    },
    async (request) => removeStationDisplay(app.prisma, me(request), request.params.stationDisplayId),
  );
};

/** The display's own read, with a display token only (/admin/api/v1/stationDisplays/current). */
export const stationDisplayReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticateDisplay);
  app.get(
    '/alerts',
    {
      schema: {
        tags,
        summary: "A station display's open alerts of its care zones (display token only)",
        response: { 200: ZStationAlertsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => stationAlerts(app.prisma, request.display!.stationDisplayId),
  );
  // Its community's device QA walk in progress, for the banner every caregiver sees (docs/decisions/0505): when it
  // ends and who started it. The display ends nothing.
  app.get(
    '/deviceTests',
    {
      schema: {
        tags,
        summary: "The station display's community's device QA walk in progress (display token only)",
        response: { 200: ZDeviceTestNoticesReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deviceTestNotices(app.prisma, [request.display!.facilityId], () => false, app.now()),
  );
};

/** Display key -> view-only token (public; /auth/api/v1/stationDisplays). */
export const stationDisplayTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/token',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      bodyLimit: PUBLIC_BODY_LIMITS.signin,
      schema: {
        tags: ['sign-in'],
        summary: "A station display's view-only access token for its display key",
        security: [],
        body: ZStationDisplayTokenRequestSchema,
        response: { 200: ZStationDisplayTokenReplySchema, 400: ZErrorReplySchema, 401: ZErrorReplySchema },
      },
    },
    async (request) =>
      stationDisplayToken(app.prisma, request.body.displayKey, {
        secret: app.config.JWT_SECRET,
        ttlSeconds: app.config.ACCESS_TOKEN_TTL_SECONDS,
      }),
  );
};

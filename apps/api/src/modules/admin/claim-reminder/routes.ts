import {
  ERROR_REPLIES,
  ZClaimReminderReplySchema,
  ZClaimReminderSchema,
  ZFacilityIdParamsSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getClaimReminder, setClaimReminder } from './service';

const tags = ['admin: facilities'];

/** A facility's claimed-but-not-confirmed reminder, in minutes (decision 0515). */
const claimReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:facilityId/claimReminder',
    {
      schema: {
        tags,
        summary: 'Minutes after a claim without bedside confirmation before the claimer is re-alerted',
        params: ZFacilityIdParamsSchema,
        response: { 200: ZClaimReminderReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getClaimReminder(app.prisma, request.auth!.staffMemberId, request.params.facilityId),
  );
  app.put(
    '/:facilityId/claimReminder',
    {
      schema: {
        tags,
        summary: 'Set the claimed-but-not-confirmed reminder (management)',
        params: ZFacilityIdParamsSchema,
        body: ZClaimReminderSchema,
        response: { 200: ZClaimReminderReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      setClaimReminder(app.prisma, request.auth!.staffMemberId, request.params.facilityId, request.body),
  );
};

export default claimReminderRoutes;

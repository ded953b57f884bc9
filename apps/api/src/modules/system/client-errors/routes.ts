import {
  CLIENT_ERROR_RATE_PER_MINUTE,
  ClientErrorSource,
  PROFILE_HEADER,
  type TClientErrorReport,
  ZClientErrorReportSchema,
  ZErrorReplySchema,
} from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadFacilityAccess } from '../../admin/staff/access';
import { verifyAccessToken, verifyDisplayToken } from '../../auth/tokens/access-token';

/** The whole report is a few short fields: 16 KB holds the longest message and stack with room to spare. */
export const CLIENT_ERROR_BODY_LIMIT = 16 * 1024;

/** Who sent a report, as far as its bearer token says (a bad or missing token: nobody, still logged). */
interface Reporter {
  staffMemberId?: string;
  sessionId?: string;
  stationDisplayId?: string;
  facilityId?: string;
}

async function reporterOf(
  prisma: PrismaClient,
  request: FastifyRequest,
  secret: string,
  claimedFacilityId: string | undefined,
): Promise<Reporter> {
  const token = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) return {};
  const staff = await verifyAccessToken(token, secret);
  if (staff.ok) {
    if (request.headers[PROFILE_HEADER] !== staff.claims.staffMemberId) return {};
    // The facility named by the app is logged only when the staff member works there.
    const facilities = (await loadFacilityAccess(prisma, staff.claims.staffMemberId)).map(
      (f) => f.facilityId,
    );
    const facilityId =
      claimedFacilityId && facilities.includes(claimedFacilityId)
        ? claimedFacilityId
        : facilities.length === 1
          ? facilities[0]
          : undefined;
    return { staffMemberId: staff.claims.staffMemberId, sessionId: staff.claims.sessionId, facilityId };
  }
  if (staff.reason === 'display') {
    const display = await verifyDisplayToken(token, secret);
    if (!display.ok) return {};
    const row = await prisma.stationDisplay.findUnique({
      where: { id: display.claims.stationDisplayId },
      select: { facilityId: true },
    });
    return { stationDisplayId: display.claims.stationDisplayId, facilityId: row?.facilityId };
  }
  return {};
}

/**
 * Errors reported by the web app (issue #15; docs/decisions/0374): logged by the server with who sent them (the
 * session, the staff member or the station display, the facility), at `error` when signed in and `warn`
 * otherwise (the sign-in page; anyone can send those). Public, rate-limited per client address; the body is
 * the contract's strict schema (no page text, no query string), so no PHI reaches the log.
 */
const clientErrorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/clientErrors',
    {
      config: { rateLimit: { max: CLIENT_ERROR_RATE_PER_MINUTE, timeWindow: 60_000 } },
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      schema: {
        tags: ['system'],
        summary: 'Report an error of the web app to the server log (signed in or not; no PHI)',
        security: [],
        body: ZClientErrorReportSchema,
        response: { 202: z.object({ received: z.literal(true) }), 400: ZErrorReplySchema },
      },
    },
    async (request, reply) => {
      const report: TClientErrorReport = request.body;
      const who = await reporterOf(app.prisma, request, app.config.JWT_SECRET, report.facilityId);
      const entry = {
        clientError: {
          source: report.source,
          name: report.name,
          message: report.message,
          stack: report.stack,
          path: report.path,
          release: report.release,
        },
        ...who,
        signedIn: who.staffMemberId !== undefined || who.stationDisplayId !== undefined,
      };
      const signedIn = entry.signedIn;
      if (signedIn && report.source !== ClientErrorSource.REPORTED) request.log.error(entry, 'web app error');
      else request.log.warn(entry, 'web app error');
      return reply.code(202).send({ received: true as const });
    },
  );
};
export default clientErrorsRoutes;

import { PROFILE_HEADER, ServiceErrorMessages, StationDisplayErrorCode } from '@sage/contract';
import { forbidden, unauthorized } from '@sage/service-kit/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SessionRegistry } from '../../modules/auth/sessions/registry';
import { createAccessTokenVerifier, verifyDisplayToken } from '../../modules/auth/tokens/access-token';

/** The station display signed in (docs/decisions/0370): what its own read route may show. */
export interface DisplayPrincipal {
  stationDisplayId: string;
  facilityId: string;
  enterpriseId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; set by `app.authenticate`. */
    auth: { staffMemberId: string } | null;
    /** The signed-in station display; set by `app.authenticateDisplay` only. */
    display: DisplayPrincipal | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    /** Bearer check of a station display's view-only token (its own read route only). */
    authenticateDisplay(request: FastifyRequest): Promise<void>;
    /** Which sessions are live (logout ends one at once, in every process: decision 0130). */
    sessions: SessionRegistry;
  }
}

/** Bearer-token check; added as a preHandler hook by every authenticated service scope. */
export default fp(
  async function auth(app: FastifyInstance) {
    const sessions = new SessionRegistry(app.prisma);
    app.decorate('sessions', sessions);
    // Ends announced by any process (this one's own too: harmless), and a re-read after a bus reconnect.
    const unsubscribe = app.liveBus.subscribeSessionEnded((sessionId) => {
      if (sessionId) sessions.ended(sessionId);
      else sessions.resync().catch((error) => app.log.error({ err: error }, 'session resync failed'));
    });
    app.addHook('onClose', async () => unsubscribe());
    app.decorateRequest('auth', null);
    // A verified token is remembered (its expiry checked each time); the session is checked every time.
    const verifyAccessToken = createAccessTokenVerifier(app.config.JWT_SECRET);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
      if (!token)
        throw unauthorized('Login required: send Authorization: Bearer <access token>', 'login_required');
      const result = await verifyAccessToken(token);
      if (!result.ok) {
        // A station display sees, never acts: every staff route refuses it (decision 0370).
        if (result.reason === 'display')
          throw forbidden(
            'A station display can only show the open alerts of its care zones',
            StationDisplayErrorCode.DISPLAY_READ_ONLY,
          );
        throw result.reason === 'expired'
          ? unauthorized(ServiceErrorMessages.tokenExpired, 'token_expired')
          : unauthorized(ServiceErrorMessages.tokenInvalid, 'invalid_token');
      }
      const profile = request.headers[PROFILE_HEADER];
      if (profile !== result.claims.staffMemberId) {
        throw forbidden(`${PROFILE_HEADER} must be the signed-in staff member`, 'profile_mismatch');
      }
      if (!(await sessions.isLive(result.claims.sessionId, result.claims.staffMemberId))) {
        throw unauthorized(ServiceErrorMessages.sessionEnded, 'session_ended');
      }
      request.auth = { staffMemberId: result.claims.staffMemberId };
    });
    app.decorateRequest('display', null);
    app.decorate('authenticateDisplay', async (request: FastifyRequest) => {
      const token = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
      if (!token)
        throw unauthorized('Login required: send Authorization: Bearer <display token>', 'login_required');
      const result = await verifyDisplayToken(token, app.config.JWT_SECRET);
      if (!result.ok) {
        // A staff member's token on the display's route: the route is the display's alone.
        if ((await verifyAccessToken(token)).ok)
          throw forbidden('Only a station display reads this route', 'DISPLAY_ONLY');
        throw result.reason === 'expired'
          ? unauthorized(ServiceErrorMessages.tokenExpired, 'token_expired')
          : unauthorized(ServiceErrorMessages.tokenInvalid, 'invalid_token');
      }
      const display = await app.prisma.stationDisplay.findUnique({
        where: { id: result.claims.stationDisplayId },
        select: { id: true, facilityId: true, enterpriseId: true, revokedAt: true },
      });
      if (!display || display.revokedAt)
        throw unauthorized('This station display was removed: pair it again', 'session_ended');
      request.display = {
        stationDisplayId: display.id,
        facilityId: display.facilityId,
        enterpriseId: display.enterpriseId,
      };
    });
  },
  { name: 'auth', dependencies: ['config', 'db', 'live-bus'] },
);

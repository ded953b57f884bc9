import { PROFILE_HEADER } from '@sage/contract';
import { forbidden, unauthorized } from '@sage/service-kit/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SessionRegistry } from '../../modules/auth/sessions/registry';
import { createAccessTokenVerifier } from '../../modules/auth/tokens/access-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; set by `app.authenticate`. */
    auth: { staffMemberId: string } | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
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
        throw result.reason === 'expired'
          ? unauthorized('The access token has expired', 'token_expired')
          : unauthorized('The access token is invalid', 'invalid_token');
      }
      const profile = request.headers[PROFILE_HEADER];
      if (profile !== result.claims.staffMemberId) {
        throw forbidden(`${PROFILE_HEADER} must be the signed-in staff member`, 'profile_mismatch');
      }
      if (!(await sessions.isLive(result.claims.sessionId, result.claims.staffMemberId))) {
        throw unauthorized('The session was ended: sign in again', 'session_ended');
      }
      request.auth = { staffMemberId: result.claims.staffMemberId };
    });
  },
  { name: 'auth', dependencies: ['config', 'db', 'live-bus'] },
);

import { PROFILE_HEADER } from '@sage/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { verifyAccessToken } from '../../modules/auth/tokens/access-token';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; set by `app.authenticate`. */
    auth: { staffMemberId: string } | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** Bearer-token check; added as an onRequest hook by every authenticated service scope. */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
      if (!token)
        throw unauthorized('Login required: send Authorization: Bearer <access token>', 'login_required');
      const result = await verifyAccessToken(token, app.config.JWT_SECRET);
      if (!result.ok) {
        throw result.reason === 'expired'
          ? unauthorized('The access token has expired', 'token_expired')
          : unauthorized('The access token is invalid', 'invalid_token');
      }
      const profile = request.headers[PROFILE_HEADER];
      if (profile !== result.claims.staffMemberId) {
        throw forbidden(`${PROFILE_HEADER} must be the signed-in staff member`, 'profile_mismatch');
      }
      request.auth = { staffMemberId: result.claims.staffMemberId };
    });
  },
  { name: 'auth', dependencies: ['config'] },
);

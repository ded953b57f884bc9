import type { TPasswordlessStartReply, TTokenReply } from '@sage/contract';
import { api } from '../../shared/api';

const schemas = () => import('./signin-schemas');

/** Sign-in service calls (ARCHITECTURE.md 'Sign-in contract'; docs/decisions/0020). */
export const signinApi = {
  start: async (phoneNumber: string): Promise<TPasswordlessStartReply> => {
    const { ZPasswordlessStartReplySchema } = await schemas();
    return api.post(
      'signIn',
      '/passwordless/start',
      { phoneNumber },
      { parse: ZPasswordlessStartReplySchema.parse },
    );
  },
  verify: async (phoneNumber: string, code: string): Promise<TTokenReply> => {
    const { ZTokenReplySchema } = await schemas();
    return api.post(
      'signIn',
      '/passwordless/verify',
      { phoneNumber, code },
      { parse: ZTokenReplySchema.parse },
    );
  },
  /** `idleSeconds`: how long the person has not used the app (the server's automatic logoff, decision 0142). */
  refresh: async (refreshToken: string, idleSeconds?: number): Promise<TTokenReply> => {
    const { ZTokenReplySchema } = await schemas();
    return api.post(
      'signIn',
      '/token',
      { refreshToken, ...(idleSeconds === undefined ? {} : { idleSeconds }) },
      { parse: ZTokenReplySchema.parse },
    );
  },
  logout: (refreshToken: string): Promise<void> => api.post('signIn', '/logout', { refreshToken }),
};

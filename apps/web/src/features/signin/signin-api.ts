import type { StaffLanguage, TPasswordlessStartReply, TTokenReply } from '@sage/contract';
import { api } from '../../shared/api';

// The reply checks load with the first sign-in call; zod only for a reply they refuse (docs/decisions/0471).
const checks = () => import('./signin-checks');

/** Sign-in service calls (ARCHITECTURE.md 'Sign-in contract'; docs/decisions/0020). */
export const signinApi = {
  start: async (phoneNumber: string, language?: StaffLanguage): Promise<TPasswordlessStartReply> => {
    const { ZPasswordlessStartReplySchema } = await checks();
    return api.post(
      'signIn',
      '/passwordless/start',
      // The code's text in the language the screen shows (decision 0551).
      { phoneNumber, ...(language ? { language } : {}) },
      { parse: ZPasswordlessStartReplySchema.parse },
    );
  },
  verify: async (phoneNumber: string, code: string): Promise<TTokenReply> => {
    const { ZTokenReplySchema } = await checks();
    return api.post(
      'signIn',
      '/passwordless/verify',
      { phoneNumber, code },
      { parse: ZTokenReplySchema.parse },
    );
  },
  /** `idleSeconds`: how long the person has not used the app (the server's automatic logoff, decision 0142). */
  refresh: async (refreshToken: string, idleSeconds?: number): Promise<TTokenReply> => {
    const { ZTokenReplySchema } = await checks();
    return api.post(
      'signIn',
      '/token',
      { refreshToken, ...(idleSeconds === undefined ? {} : { idleSeconds }) },
      { parse: ZTokenReplySchema.parse },
    );
  },
  logout: (refreshToken: string): Promise<void> => api.post('signIn', '/logout', { refreshToken }),
};

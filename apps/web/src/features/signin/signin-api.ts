import {
  type TPasswordlessStartReply,
  type TTokenReply,
  ZPasswordlessStartReplySchema,
  ZTokenReplySchema,
} from '@sage/contract';
import { api } from '../../shared/api';

/** Sign-in service calls (ARCHITECTURE.md 'Sign-in contract'; docs/decisions/0020). */
export const signinApi = {
  start: (phoneNumber: string): Promise<TPasswordlessStartReply> =>
    api.post(
      'signIn',
      '/passwordless/start',
      { phoneNumber },
      { parse: ZPasswordlessStartReplySchema.parse },
    ),
  verify: (phoneNumber: string, code: string): Promise<TTokenReply> =>
    api.post('signIn', '/passwordless/verify', { phoneNumber, code }, { parse: ZTokenReplySchema.parse }),
  /** `idleSeconds`: how long the person has not used the app (the server's automatic logoff, decision 0142). */
  refresh: (refreshToken: string, idleSeconds?: number): Promise<TTokenReply> =>
    api.post(
      'signIn',
      '/token',
      { refreshToken, ...(idleSeconds === undefined ? {} : { idleSeconds }) },
      { parse: ZTokenReplySchema.parse },
    ),
  logout: (refreshToken: string): Promise<void> => api.post('signIn', '/logout', { refreshToken }),
};

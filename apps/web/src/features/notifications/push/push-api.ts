import {
  WEB_PUSH_SUBSCRIPTIONS_PATH,
  ZPutWebPushSubscriptionReplySchema,
  ZVapidPublicKeyReplySchema,
  ZWebPushSubscriptionsReplySchema,
} from '@sage/contract';
import type { z } from 'zod';
import { api } from '../../../shared/api';

type TPutWebPushSubscription = {
  recipientId: string;
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
};

/** Message orchestration calls of browser push (sign-in doc section 7 'Web push subscription operations'). */
export const pushApi = {
  vapidPublicKey: (): Promise<string> =>
    api
      .get('messageOrchestration', '/webPush/vapidPublicKey', { parse: ZVapidPublicKeyReplySchema.parse })
      .then((r) => r.publicKey),
  /** The caller's own subscriptions of these endpoints. */
  subscriptions: (endpoints: string[]): Promise<z.infer<typeof ZWebPushSubscriptionsReplySchema>> =>
    api.get('messageOrchestration', WEB_PUSH_SUBSCRIPTIONS_PATH, {
      query: { endpoints },
      parse: ZWebPushSubscriptionsReplySchema.parse,
    }),
  record: (body: TPutWebPushSubscription): Promise<string> =>
    api
      .put('messageOrchestration', WEB_PUSH_SUBSCRIPTIONS_PATH, body, {
        parse: ZPutWebPushSubscriptionReplySchema.parse,
      })
      .then((r) => r.webPushSubscriptionRid),
  /** Deletes the caller's record of this endpoint (sign-out). */
  forget: (recipientId: string, endpoint: string): Promise<void> =>
    api
      .delete('messageOrchestration', WEB_PUSH_SUBSCRIPTIONS_PATH, {
        query: { recipientIds: [recipientId], endpoints: [endpoint] },
      })
      .then(() => undefined),
};

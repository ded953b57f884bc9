import type { ZWebPushSubscriptionsReplySchema } from '@sage/contract';
import { WEB_PUSH_SUBSCRIPTIONS_PATH } from '@sage/contract';
import type { z } from 'zod';
import { api, lazyParse } from '../../../shared/api';

// The reply checks load with the first call, not with the page (docs/decisions/0446); zod only for a reply they
// refuse (docs/decisions/0471).
const checks = () => import('./push-checks');

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
      .get('messageOrchestration', '/webPush/vapidPublicKey', {
        parse: lazyParse(checks, (s) => s.ZVapidPublicKeyReplySchema),
      })
      .then((r) => r.publicKey),
  /** The caller's own subscriptions of these endpoints. */
  subscriptions: (endpoints: string[]): Promise<z.infer<typeof ZWebPushSubscriptionsReplySchema>> =>
    api.get('messageOrchestration', WEB_PUSH_SUBSCRIPTIONS_PATH, {
      query: { endpoints },
      parse: lazyParse(checks, (s) => s.ZWebPushSubscriptionsReplySchema),
    }),
  record: (body: TPutWebPushSubscription): Promise<string> =>
    api
      .put('messageOrchestration', WEB_PUSH_SUBSCRIPTIONS_PATH, body, {
        parse: lazyParse(checks, (s) => s.ZPutWebPushSubscriptionReplySchema),
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

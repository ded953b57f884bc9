// The checks of the replies its API module reads, loaded with its first call (docs/decisions/0446): the
// contract's schemas as shapes made at build time, so zod is not fetched (docs/decisions/0471). A reply a
// shape refuses goes to the contract's zod schema (shared/api/reply-schemas.ts), which throws its usual error.

import putWebPushSubscriptionReply from 'virtual:reply-shape/ZPutWebPushSubscriptionReplySchema';
import vapidPublicKeyReply from 'virtual:reply-shape/ZVapidPublicKeyReplySchema';
import webPushSubscriptionsReply from 'virtual:reply-shape/ZWebPushSubscriptionsReplySchema';
import { replyCheck } from '../../../shared/api/reply-shape';

export const ZPutWebPushSubscriptionReplySchema = replyCheck(
  putWebPushSubscriptionReply,
  'ZPutWebPushSubscriptionReplySchema',
);
export const ZVapidPublicKeyReplySchema = replyCheck(vapidPublicKeyReply, 'ZVapidPublicKeyReplySchema');
export const ZWebPushSubscriptionsReplySchema = replyCheck(
  webPushSubscriptionsReply,
  'ZWebPushSubscriptionsReplySchema',
);

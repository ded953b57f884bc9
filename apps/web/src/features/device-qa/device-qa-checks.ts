// The checks of the replies its API module reads, loaded with its first call (docs/decisions/0446): the
// contract's schemas as shapes made at build time, so zod is not fetched (docs/decisions/0471). A reply a
// shape refuses goes to the contract's zod schema (shared/api/reply-schemas.ts), which throws its usual error.

import deviceQaSessionListReply from 'virtual:reply-shape/ZDeviceQaSessionListReplySchema';
import deviceQaSessionReply from 'virtual:reply-shape/ZDeviceQaSessionReplySchema';
import deviceTestNoticesReply from 'virtual:reply-shape/ZDeviceTestNoticesReplySchema';
import { replyCheck } from '../../shared/api/reply-shape';

export const ZDeviceQaSessionListReplySchema = replyCheck(
  deviceQaSessionListReply,
  'ZDeviceQaSessionListReplySchema',
);
export const ZDeviceQaSessionReplySchema = replyCheck(deviceQaSessionReply, 'ZDeviceQaSessionReplySchema');
export const ZDeviceTestNoticesReplySchema = replyCheck(
  deviceTestNoticesReply,
  'ZDeviceTestNoticesReplySchema',
);

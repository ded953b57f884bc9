// The checks of the replies its API module reads, loaded with its first call (docs/decisions/0446): the
// contract's schemas as shapes made at build time, so zod is not fetched (docs/decisions/0471). A reply a
// shape refuses goes to the contract's zod schema (shared/api/reply-schemas.ts), which throws its usual error.

import careConfirmationTrackerReply from 'virtual:reply-shape/ZCareConfirmationTrackerReplySchema';
import taskNoteReply from 'virtual:reply-shape/ZTaskNoteReplySchema';
import taskPageReply from 'virtual:reply-shape/ZTaskPageReplySchema';
import taskReply from 'virtual:reply-shape/ZTaskReplySchema';
import { replyCheck } from '../../shared/api/reply-shape';

export const ZCareConfirmationTrackerReplySchema = replyCheck(
  careConfirmationTrackerReply,
  'ZCareConfirmationTrackerReplySchema',
);
export const ZTaskNoteReplySchema = replyCheck(taskNoteReply, 'ZTaskNoteReplySchema');
export const ZTaskPageReplySchema = replyCheck(taskPageReply, 'ZTaskPageReplySchema');
export const ZTaskReplySchema = replyCheck(taskReply, 'ZTaskReplySchema');

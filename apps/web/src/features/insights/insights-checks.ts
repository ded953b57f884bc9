// The checks of the replies its API module reads, loaded with its first call (docs/decisions/0446): the
// contract's schemas as shapes made at build time, so zod is not fetched (docs/decisions/0471). A reply a
// shape refuses goes to the contract's zod schema (shared/api/reply-schemas.ts), which throws its usual error.

import insightsReply from 'virtual:reply-shape/ZInsightsReplySchema';
import recognitionReply from 'virtual:reply-shape/ZRecognitionReplySchema';
import recognitionsReply from 'virtual:reply-shape/ZRecognitionsReplySchema';
import workflowActionReply from 'virtual:reply-shape/ZWorkflowActionReplySchema';
import { replyCheck } from '../../shared/api/reply-shape';

export const ZInsightsReplySchema = replyCheck(insightsReply, 'ZInsightsReplySchema');
export const ZRecognitionReplySchema = replyCheck(recognitionReply, 'ZRecognitionReplySchema');
export const ZRecognitionsReplySchema = replyCheck(recognitionsReply, 'ZRecognitionsReplySchema');
export const ZWorkflowActionReplySchema = replyCheck(workflowActionReply, 'ZWorkflowActionReplySchema');

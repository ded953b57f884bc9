import type { InsightActionType } from '@sage/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api';
import type { Messages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { refreshInsightCaches } from './insights-api';
import './high-five-messages';

/** The `highFive` namespace's messages, read by the drawer that acts (decision 0750). */
type FeedbackMessages = Messages<'highFive'>;

/** The success toast of an insight action (alerts doc section 8), in the reader's language. */
export const actionSucceeded = (type: InsightActionType, m: FeedbackMessages): string =>
  type === 'DISMISS' ? m.dismissed() : type === 'SEND_HIGH_FIVE' ? m.sent() : m.completed();

/**
 * A failed insight action (alerts doc section 8): a 409 says the insight was closed (the sign-in doc's wording
 * for a high five), anything else 'Error sending high five'; either way the insight, workflow and action
 * caches are refreshed (the drawer closes).
 */
export function actionFailed(
  queryClient: QueryClient,
  error: unknown,
  type: InsightActionType,
  m: FeedbackMessages,
): void {
  if (isApiError(error) && error.status === 409) {
    toast.error(type === 'SEND_HIGH_FIVE' ? m.closedHighFive() : m.closed());
  } else {
    reportError(error, { action: 'insight-action', type });
    toast.error(m.failed());
  }
  void refreshInsightCaches(queryClient);
}

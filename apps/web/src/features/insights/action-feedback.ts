import { type InsightActionType, InsightMessages } from '@sage/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api';
import { currentLanguage, loadMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { refreshInsightCaches } from './insights-api';
import './insights-messages';

type ToastKey =
  | 'toastCompleted'
  | 'toastDismissed'
  | 'toastHighFiveSent'
  | 'toastClosed'
  | 'toastClosedHighFive'
  | 'toastHighFiveFailed';

/**
 * A toast's text in the reader's language (decision 0770): the `insightsPage` messages load with the drawers that
 * toast (this module registers them), so they are in by the time an action settles; were they not, the contract's
 * English is shown rather than nothing.
 */
function say(key: ToastKey, english: string): string {
  const loaded = loadMessages(currentLanguage(), 'insightsPage');
  return loaded.value?.[key]?.() ?? english;
}

/** The success toast of an insight action (alerts doc section 8). */
export const actionSucceeded = (type: InsightActionType): string =>
  type === 'DISMISS'
    ? say('toastDismissed', InsightMessages.dismissed)
    : type === 'SEND_HIGH_FIVE'
      ? say('toastHighFiveSent', InsightMessages.highFiveSent)
      : say('toastCompleted', InsightMessages.completed);

/**
 * A failed insight action (alerts doc section 8): a 409 says the insight was closed (the sign-in doc's wording
 * for a high five), anything else 'Error sending high five'; either way the insight, workflow and action
 * caches are refreshed (the drawer closes).
 */
export function actionFailed(queryClient: QueryClient, error: unknown, type: InsightActionType): void {
  if (isApiError(error) && error.status === 409) {
    toast.error(
      type === 'SEND_HIGH_FIVE'
        ? say('toastClosedHighFive', InsightMessages.closedHighFive)
        : say('toastClosed', InsightMessages.closed),
    );
  } else {
    reportError(error, { action: 'insight-action', type });
    toast.error(say('toastHighFiveFailed', InsightMessages.highFiveFailed));
  }
  void refreshInsightCaches(queryClient);
}

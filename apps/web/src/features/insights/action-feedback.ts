import { type InsightActionType, InsightMessages } from '@sage/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { refreshInsightCaches } from './insights-api';

/** The success toast of an insight action (alerts doc section 8). */
export const actionSucceeded = (type: InsightActionType): string =>
  type === 'DISMISS'
    ? InsightMessages.dismissed
    : type === 'SEND_HIGH_FIVE'
      ? InsightMessages.highFiveSent
      : InsightMessages.completed;

/**
 * A failed insight action (alerts doc section 8): a 409 says the insight was closed (the sign-in doc's wording
 * for a high five), anything else 'Error sending high five'; either way the insight, workflow and action
 * caches are refreshed (the drawer closes).
 */
export function actionFailed(queryClient: QueryClient, error: unknown, type: InsightActionType): void {
  if (isApiError(error) && error.status === 409) {
    toast.error(type === 'SEND_HIGH_FIVE' ? InsightMessages.closedHighFive : InsightMessages.closed);
  } else {
    reportError(error, { action: 'insight-action', type });
    toast.error(InsightMessages.highFiveFailed);
  }
  void refreshInsightCaches(queryClient);
}

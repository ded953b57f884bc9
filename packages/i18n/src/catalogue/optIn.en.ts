/**
 * The Text Message Alerts drawer (notifications opt-in, sign-in doc section 2, decision 0066), after sign-in and
 * from its entry (issue #33, decision 0700). The contract's texts; the loading label moved here as it was.
 */
import { ButtonLabels, OptInMessages, SUBSCRIPTION_STATUS_LABELS } from '@sage/contract';

export const optIn = {
  title: OptInMessages.title,
  intro: OptInMessages.intro,
  allSet: OptInMessages.allSet,
  alertsNumber: OptInMessages.alertsNumber,
  tasksNumber: OptInMessages.tasksNumber,
  subscribe: OptInMessages.subscribe,
  Continue: OptInMessages.continue,
  Skip: OptInMessages.skip,
  noNumbers: OptInMessages.noNumbers,
  loadFailed: OptInMessages.loadFailed,
  retry: ButtonLabels.retry,
  loading: 'Loading text message settings',
  back: 'Back',
  SUBSCRIBED: SUBSCRIPTION_STATUS_LABELS.SUBSCRIBED,
  UNSUBSCRIBED: SUBSCRIPTION_STATUS_LABELS.UNSUBSCRIBED,
} as const;

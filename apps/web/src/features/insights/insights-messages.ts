import { lazyMessages } from '../../shared/i18n';

/** /insights' messages, Add Notes and the insight actions' toasts (decision 0770): loaded with their code. */
lazyMessages('insightsPage', {
  en: () => import('virtual:messages/en/insightsPage'),
  es: () => import('virtual:messages/es/insightsPage'),
});

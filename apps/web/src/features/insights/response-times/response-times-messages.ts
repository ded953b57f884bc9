import { lazyMessages } from '../../../shared/i18n';

/** The response times page's messages (decision 0770): loaded with its code. */
lazyMessages('responseTimes', {
  en: () => import('virtual:messages/en/responseTimes'),
  es: () => import('virtual:messages/es/responseTimes'),
});

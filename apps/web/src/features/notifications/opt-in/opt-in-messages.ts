import { lazyMessages } from '../../../shared/i18n';

/** The Text Message Alerts drawer's messages (decision 0700): loaded with its code, in the reader's language. */
lazyMessages('optIn', {
  en: () => import('virtual:messages/en/optIn'),
  es: () => import('virtual:messages/es/optIn'),
});

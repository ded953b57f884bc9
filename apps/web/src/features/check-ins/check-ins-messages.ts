import { lazyMessages } from '../../shared/i18n';

/** The checkIns messages (decision 0760): loaded with the code that shows them, in the reader's language. */
lazyMessages('checkIns', {
  en: () => import('virtual:messages/en/checkIns'),
  es: () => import('virtual:messages/es/checkIns'),
});

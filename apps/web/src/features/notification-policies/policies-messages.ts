import { lazyMessages } from '../../shared/i18n';

/** The policies messages (decision 0760): loaded with the code that shows them, in the reader's language. */
lazyMessages('policies', {
  en: () => import('virtual:messages/en/policies'),
  es: () => import('virtual:messages/es/policies'),
});

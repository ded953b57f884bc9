import { lazyMessages } from '../../shared/i18n';

/** The pickers messages (decision 0760): loaded with the code that shows them, in the reader's language. */
lazyMessages('pickers', {
  en: () => import('virtual:messages/en/pickers'),
  es: () => import('virtual:messages/es/pickers'),
});

import { lazyMessages } from '../../shared/i18n';

/** The units messages (decision 0760): loaded with the code that shows them, in the reader's language. */
lazyMessages('units', {
  en: () => import('virtual:messages/en/units'),
  es: () => import('virtual:messages/es/units'),
});

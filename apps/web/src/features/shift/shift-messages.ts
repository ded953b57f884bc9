import { lazyMessages } from '../../shared/i18n';

/** Working In's messages (decision 0630): loaded with the page's or the drawer's code, in the reader's language. */
lazyMessages('shift', {
  en: () => import('virtual:messages/en/shift'),
  es: () => import('virtual:messages/es/shift'),
});

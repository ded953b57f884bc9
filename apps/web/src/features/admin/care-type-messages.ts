import { lazyMessages } from '../../shared/i18n';

/** The care types' names in the reader's language (decision 0680), for the units and care zones screens. */
lazyMessages('careType', {
  en: () => import('virtual:messages/en/careType'),
  es: () => import('virtual:messages/es/careType'),
});

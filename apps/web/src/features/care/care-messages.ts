import { lazyMessages } from '../../shared/i18n';

/**
 * The resolve drawers' messages (decision 0630): loaded with the drawers' code, in the reader's language, never
 * on a first load. Imported by each module that reads them, so they are registered before they are read.
 */
lazyMessages('resolve', {
  en: () => import('virtual:messages/en/resolve'),
  es: () => import('virtual:messages/es/resolve'),
});
lazyMessages('resolution', {
  en: () => import('virtual:messages/en/resolution'),
  es: () => import('virtual:messages/es/resolution'),
});

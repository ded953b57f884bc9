import { lazyMessages } from '../../shared/i18n';

/**
 * Reassign's messages and its person picker's (decision 0700): loaded with the alert page's Reassign button and
 * with the pickers' drawers, in the reader's language.
 */
lazyMessages('reassign', {
  en: () => import('virtual:messages/en/reassign'),
  es: () => import('virtual:messages/es/reassign'),
});

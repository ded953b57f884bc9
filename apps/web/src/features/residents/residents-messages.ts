import { lazyMessages } from '../../shared/i18n';

/**
 * The resident search's, the resident drawer's and the resident page's messages (decision 0710): loaded with
 * their code, in the reader's language. Imported by each module that reads them.
 */
lazyMessages('residents', {
  en: () => import('virtual:messages/en/residents'),
  es: () => import('virtual:messages/es/residents'),
});

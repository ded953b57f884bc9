import { lazyMessages } from '../../shared/i18n';

/**
 * The resident's Pendants drawer's messages, with the battery and last press lines and the pendant warnings and
 * toasts (decision 0750): loaded with their code, in the reader's language.
 */
lazyMessages('pendants', {
  en: () => import('virtual:messages/en/pendants'),
  es: () => import('virtual:messages/es/pendants'),
});

import { lazyMessages } from '../../shared/i18n';

/** The alert sound bars' and settings' messages (decision 0630): loaded with their code, in the reader's language. */
lazyMessages('sound', {
  en: () => import('virtual:messages/en/sound'),
  es: () => import('virtual:messages/es/sound'),
});

import { lazyMessages } from '../../shared/i18n';

/** The tour's and the training alert's messages (decision 0670): loaded with their code, in the reader's language. */
lazyMessages('training', {
  en: () => import('virtual:messages/en/training'),
  es: () => import('virtual:messages/es/training'),
});

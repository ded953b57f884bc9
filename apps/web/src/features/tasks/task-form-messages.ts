import { lazyMessages } from '../../shared/i18n';

/** The taskForm messages (decision 0760): loaded with the code that shows them, in the reader's language. */
lazyMessages('taskForm', {
  en: () => import('virtual:messages/en/taskForm'),
  es: () => import('virtual:messages/es/taskForm'),
});

import { lazyMessages } from '../../shared/i18n';

/** /tasks' messages (decision 0710): loaded with the page's code, in the reader's language. */
lazyMessages('tasks', {
  en: () => import('virtual:messages/en/tasks'),
  es: () => import('virtual:messages/es/tasks'),
});

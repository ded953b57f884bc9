import { lazyMessages } from '../../../shared/i18n';

/** The staff list's and form's messages (decision 0680): loaded with their code, in the reader's language. */
lazyMessages('manageStaff', {
  en: () => import('virtual:messages/en/manageStaff'),
  es: () => import('virtual:messages/es/manageStaff'),
});

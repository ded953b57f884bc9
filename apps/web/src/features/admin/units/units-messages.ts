import { lazyMessages } from '../../../shared/i18n';
import '../care-type-messages';

/** The units list's and form's messages (decision 0680): loaded with their code, in the reader's language. */
lazyMessages('manageUnits', {
  en: () => import('virtual:messages/en/manageUnits'),
  es: () => import('virtual:messages/es/manageUnits'),
});

import { lazyMessages } from '../../../shared/i18n';
import '../care-type-messages';
import '../field-check-messages';

/** The manager's residents list, form and contacts (decision 0780): loaded with their code, in the reader's language. */
lazyMessages('residentsAdmin', {
  en: () => import('virtual:messages/en/residentsAdmin'),
  es: () => import('virtual:messages/es/residentsAdmin'),
});

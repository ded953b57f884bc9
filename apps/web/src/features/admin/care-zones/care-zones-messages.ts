import { lazyMessages } from '../../../shared/i18n';
import '../care-type-messages';

/** The care zones list's and form's messages (decision 0680): loaded with their code, in the reader's language. */
lazyMessages('manageCareZones', {
  en: () => import('virtual:messages/en/manageCareZones'),
  es: () => import('virtual:messages/es/manageCareZones'),
});

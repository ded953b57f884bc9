import { lazyMessages } from '../../../shared/i18n';

/**
 * The messages of the drawers after sign-in, Allow notifications and Explore Insights (decision 0630): loaded with
 * either drawer's code, in the reader's language.
 */
lazyMessages('landing', {
  en: () => import('virtual:messages/en/landing'),
  es: () => import('virtual:messages/es/landing'),
});

import { lazyMessages } from '../../shared/i18n';

/** The staff member actions drawer's messages (decision 0750): loaded with the drawer's code. */
lazyMessages('staffActions', {
  en: () => import('virtual:messages/en/staffActions'),
  es: () => import('virtual:messages/es/staffActions'),
});

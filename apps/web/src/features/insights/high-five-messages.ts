import { lazyMessages } from '../../shared/i18n';

/** The High Five drawers' messages and the insight actions' toasts (decision 0750): loaded with their code. */
lazyMessages('highFive', {
  en: () => import('virtual:messages/en/highFive'),
  es: () => import('virtual:messages/es/highFive'),
});

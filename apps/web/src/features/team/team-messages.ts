import { lazyMessages } from '../../shared/i18n';

/** The team list's and a team member's page's messages (decision 0710): loaded with their code. */
lazyMessages('team', {
  en: () => import('virtual:messages/en/team'),
  es: () => import('virtual:messages/es/team'),
});

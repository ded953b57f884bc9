import { lazyMessages } from '../../shared/i18n';

/** Company phones, features, communities and Select a company (decision 0770): loaded with their code. */
lazyMessages('adminOrg', {
  en: () => import('virtual:messages/en/adminOrg'),
  es: () => import('virtual:messages/es/adminOrg'),
});

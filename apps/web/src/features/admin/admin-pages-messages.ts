import { lazyMessages } from '../../shared/i18n';

/** /manage, the managers' pages' guard, routine checks, EHR locked fields, /admin/groups (decision 0770). */
lazyMessages('adminPages', {
  en: () => import('virtual:messages/en/adminPages'),
  es: () => import('virtual:messages/es/adminPages'),
});

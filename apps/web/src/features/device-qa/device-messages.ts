import { lazyMessages } from '../../shared/i18n';

/**
 * The device notices' messages (decision 0700): the device test banner and the dashboard's Device trouble list,
 * loaded with their code (each shows only when there is something to show), in the reader's language.
 */
lazyMessages('devices', {
  en: () => import('virtual:messages/en/devices'),
  es: () => import('virtual:messages/es/devices'),
});

import { lazyMessages } from '../../shared/i18n';

/**
 * The manager's device screens' messages (decision 0790): the registry, a device's page, the device allocation page
 * and its drawers, the doors and their drawers, with the device types' names. Loaded with their code, in the
 * reader's language.
 */
lazyMessages('deviceType', {
  en: () => import('virtual:messages/en/deviceType'),
  es: () => import('virtual:messages/es/deviceType'),
});
lazyMessages('deviceRegistry', {
  en: () => import('virtual:messages/en/deviceRegistry'),
  es: () => import('virtual:messages/es/deviceRegistry'),
});
lazyMessages('deviceAllocation', {
  en: () => import('virtual:messages/en/deviceAllocation'),
  es: () => import('virtual:messages/es/deviceAllocation'),
});
lazyMessages('doors', {
  en: () => import('virtual:messages/en/doors'),
  es: () => import('virtual:messages/es/doors'),
});

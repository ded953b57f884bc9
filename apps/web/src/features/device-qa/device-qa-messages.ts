import { lazyMessages } from '../../shared/i18n';

/** The device QA walk's messages (decision 0790), with the device types' names: loaded with the page's code. */
lazyMessages('deviceQa', {
  en: () => import('virtual:messages/en/deviceQa'),
  es: () => import('virtual:messages/es/deviceQa'),
});
lazyMessages('deviceType', {
  en: () => import('virtual:messages/en/deviceType'),
  es: () => import('virtual:messages/es/deviceType'),
});

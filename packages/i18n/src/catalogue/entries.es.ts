import type { Catalogue } from './types';

/** The dashboard's ways into other screens in Spanish (decision 0700; words: docs/glossary-es.md). */
export const entries: Catalogue['entries'] = {
  dailyCheckIn: 'Revisión diaria',
  textAlerts: 'Alertas por mensaje de texto',
  notificationSettings: 'Ajustes de notificaciones',
  administration: 'Administración',
  companyPhones: 'Teléfonos de la empresa',
  features: 'Funciones',
  communities: 'Comunidades',
  manage: 'Gestionar',
};

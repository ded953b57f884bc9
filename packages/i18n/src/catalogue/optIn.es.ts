import type { Catalogue } from './types';

/**
 * The Text Message Alerts drawer in Spanish (decision 0700; docs/glossary-es.md). START and STOP are the words the
 * text-message service reads: they stay as they are.
 */
export const optIn: Catalogue['optIn'] = {
  title: 'Alertas por mensaje de texto',
  intro: 'Envíe START a cada número desde este teléfono para recibir alertas y tareas por mensaje de texto.',
  allSet:
    'Este teléfono recibe alertas y tareas por mensaje de texto. Envíe STOP a un número para dejar de recibirlas.',
  alertsNumber: 'Alertas',
  tasksNumber: 'Tareas',
  subscribe: 'Suscribirse',
  Continue: 'Continuar',
  Skip: 'Omitir',
  noNumbers: 'Esta comunidad no tiene números de mensajes de texto.',
  loadFailed: 'Hubo un error al cargar sus ajustes de mensajes de texto',
  retry: 'Reintentar',
  loading: 'Cargando los ajustes de mensajes de texto',
  back: 'Atrás',
  SUBSCRIBED: 'Recibe mensajes',
  UNSUBSCRIBED: 'No recibe mensajes',
};

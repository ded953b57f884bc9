import type { en } from './en';

/** The API's error messages in Spanish (decision 0730; words of docs/glossary-es.md). */
export const apiErrors: { readonly [K in keyof (typeof en)['apiErrors']]: string } = {
  claimedBy: '{name} ya tomó esta tarea.',
  claimedBySomeoneElse: 'Otra persona ya tomó esta tarea.',
  closed: 'Esta tarea está cerrada ({status}).',
  already: 'Esta tarea ya está así: {status}.',
  notAssigned: 'Nadie tiene esta tarea.',
  invalidTransition: 'Una tarea no puede pasar de {from} a {to}.',
  alreadyResolvedAlert: 'Esta alerta ya fue resuelta.',
  alreadyResolvedTask: 'Esta tarea ya fue resuelta.',
  careConfirmationRequired:
    'Falta confirmar el cuidado: primero presione el colgante del residente o un botón de pared de la unidad.',
  notAnEscalation: 'Solo una observación enviada a enfermería se cierra como seguimiento.',
  notARecipient:
    'Solo la enfermería que recibió esta observación, o la gerencia, puede cerrar este seguimiento.',
  databaseUnavailable: 'El sistema no responde ahora. Pruebe otra vez en unos segundos.',
  invalidValue: 'Un dato no se puede guardar (tiene un carácter, un número o una fecha fuera de rango).',
  sessionEnded: 'La sesión terminó. Inicie sesión otra vez.',
  tokenExpired: 'Su sesión venció. Inicie sesión otra vez.',
  tokenInvalid: 'Su sesión no es válida. Inicie sesión otra vez.',
  internalError: 'Algo salió mal. Pruebe otra vez.',
  timedOut: 'No hubo respuesta en {seconds} segundos. Pruebe otra vez.',
  cancelled: 'Se canceló la solicitud.',
  network: 'Sin conexión. Revise la red y pruebe otra vez.',
  invalidField: 'Un dato no es válido: {field}',
  rateLimited: 'Demasiados intentos. Espere un momento y pruebe otra vez.',
  badRequest: 'La solicitud no es válida.',
  fieldInvalid: 'Revise este campo.',
  signInAgain: 'Inicie sesión otra vez.',
  notAllowed: 'No tiene permiso para hacer esto.',
  notFound: 'No se encontró. Puede que ya no exista.',
  changedByOthers: 'Alguien cambió esto antes que usted. Vea lo más reciente y pruebe otra vez.',
  tooLarge: 'Es demasiado grande.',
  serverError: 'Algo salió mal. Pruebe otra vez.',
};

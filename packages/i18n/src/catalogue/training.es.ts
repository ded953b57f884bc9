import type { Catalogue } from './types';

/** The guided tour and the training alert in Spanish (decision 0670; words: docs/glossary-es.md). */
export const training: Catalogue['training'] = {
  offerTitle: '¿Quiere ver un recorrido corto?',
  offerText:
    'Practique cómo atender una alerta con una alerta de práctica, paso a paso. No se envía nada a su equipo.',
  offerStart: 'Empezar recorrido',
  offerLater: 'Ahora no',
  next: 'Siguiente',
  complete: 'Terminar',
  retry: 'Otra vez',
  close: 'Salir del recorrido',
  stepOf: 'Paso {step} de {count}',
  confirmEnd: '¿Seguro que quiere salir del recorrido?',
  continueTour: 'Seguir',
  endTour: 'Salir',
  careConfirmationDialog:
    'Para resolver una alerta, confirme que está al lado del residente: presione su colgante o el botón de la unidad.',
  confirmCare: 'Confirmar cuidado',
  trainingUnit: 'Unidad de práctica',
  alertPageTitle: 'Su alerta de práctica',
  alertPageContent:
    'Esto es práctica: no se envía nada a su equipo. Aquí se ven las alertas abiertas, la más urgente primero. Toque la alerta de práctica para abrirla.',
  claimTitle: 'Tome la alerta',
  claimContent: 'Toque Tomar para que su equipo sepa que usted va en camino.',
  alertDetailTitle: 'La alerta',
  alertDetailContent:
    'Aquí ve dónde se necesita ayuda y todo lo que ha pasado. Al lado del residente, toque Confirmar cuidado.',
  multiOutcomeTitle: 'Anote el cuidado que dio',
  multiOutcomeContent: 'Marque Bañarse e Ir al baño, luego Elegir (2).',
  observationsTitle: 'Cambios para enfermería',
  observationsContent:
    'Marque cualquier cambio en el residente para avisar a enfermería, u Omitir si no hay ninguno.',
  addNoteTitle: 'Agregue una nota',
  addNoteContent: 'Escriba lo que el próximo cuidador debe saber, luego Enviar para resolver la alerta.',
  congratulationsTitle: '¡Felicidades!',
  congratulationsContent:
    'Resolvió su primera alerta. Termine el recorrido, o toque Otra vez para practicar de nuevo.',
};

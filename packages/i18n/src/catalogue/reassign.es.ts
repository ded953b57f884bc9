import type { Catalogue } from './types';

/** Reassign (Assign) and its person picker in Spanish (decision 0700; words: docs/glossary-es.md). */
export const reassign: Catalogue['reassign'] = {
  button: 'Reasignar',
  title: 'Reasignar alerta',
  assignButton: 'Asignar',
  assignTitle: 'Asignar alerta',
  done: 'Alerta reasignada a {name}',
  assigned: 'Alerta asignada a {name}',
  failed: 'Hubo un error al reasignar esta alerta. Pruebe otra vez.',
  alreadyResolvedAlert: 'Esta alerta ya fue resuelta.',
  selectPerson: 'Elegir persona',
  search: 'Buscar',
  namePlaceholder: 'Nombre',
  noPeopleFound: 'No se encontró a nadie',
  onShift: 'En turno',
  people: 'Personas',
  loading: 'Cargando',
  back: 'Atrás',
};

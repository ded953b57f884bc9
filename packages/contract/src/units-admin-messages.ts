/**
 * Texts of the units and care-zone lists' search and of archiving a unit (decision 0612): a unit with history
 * cannot be deleted, it can be archived. A module of its own, apart from AdminMessages, so the dashboard's first load carries none of it.
 */
export const UnitsAdminMessages = {
  unitArchived: (name: string) => `Unit ${name} archived`,
  unitRestored: (name: string) => `Unit ${name} restored`,
  archiveUnitTitle: (name: string) => `Archive ${name}?`,
  archiveUnitText:
    'The unit leaves the unit lists and pickers. Its alerts, check-ins and device history are kept, and a manager can restore it.',
  unitDeleteWhy:
    'A unit with residents, devices, alerts or check-ins on record cannot be deleted: archive it instead.',
  unitArchiveWhy: 'Move its residents and unassign its devices before archiving it.',
  searchUnits: 'Search units',
  searchCareZones: 'Search care zones',
  noUnitsFound: 'No units match your search',
  noCareZonesFound: 'No care zones match your search',
  noArchivedUnits: 'No archived units',
  archived: 'Archived',
} as const;

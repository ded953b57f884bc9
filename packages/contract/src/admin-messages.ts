/**
 * Texts of the managers' screens for residents, units and care zones. The spec shows none of these screens;
 * the wording is ours (docs/decisions/0155).
 */
export const AdminMessages = {
  manage: 'Manage',
  manageTitle: 'Manage community',
  residents: 'Residents',
  units: 'Units',
  careZones: 'Care Zones',
  admitResident: 'Admit resident',
  addUnit: 'Add unit',
  addCareZone: 'Add care zone',
  newResident: 'New resident',
  newUnit: 'New unit',
  newCareZone: 'New care zone',
  save: 'Save',
  archive: 'Archive',
  restore: 'Restore',
  delete: 'Delete',
  showArchived: 'Show archived',
  showMore: 'Show more',
  searchResidents: 'Search residents',
  noUnits: 'No units yet',
  noCareZones: 'No care zones yet',
  residentSaved: (name: string) => `${name} saved`,
  residentAdmitted: (name: string) => `${name} admitted`,
  residentArchived: (name: string) => `${name} archived`,
  residentRestored: (name: string) => `${name} restored`,
  /** The confirmation before archiving a resident (docs/decisions/0530). */
  archiveResidentTitle: (name: string) => `Archive ${name}?`,
  archiveResidentText: (name: string, openAlerts: number, hasPendant: boolean) =>
    [
      `${name} leaves the resident lists; care records are kept and a manager can restore them.`,
      hasPendant ? 'Their pendant is freed and goes back to the spare devices.' : null,
      openAlerts > 0
        ? `${openAlerts === 1 ? 'Their open alert is' : `Their ${openAlerts} open alerts are`} closed as canceled.`
        : 'They have no open alert.',
    ]
      .filter(Boolean)
      .join(' '),
  /** The CLOSED update of a task closed because its resident was archived. */
  residentArchivedTaskNote: (by: string) => `Closed: the resident was archived by ${by}`,
  unitSaved: (name: string) => `Unit ${name} saved`,
  unitDeleted: (name: string) => `Unit ${name} deleted`,
  careZoneSaved: (name: string) => `Care zone ${name} saved`,
  careZoneDeleted: (name: string) => `Care zone ${name} deleted`,
  stale: 'Someone else changed this meanwhile. The latest version is shown; make your change again.',
  saveFailed: 'There was an error saving, please try again.',
  lockedByEhr: 'Kept by the EHR integration',
  managementOnly: 'Only management can manage residents, units and care zones.',
  personal: 'Personal details',
  contactDetails: 'Phone and email',
  health: 'Health information',
  memory: 'Memory',
  continence: 'Continence',
  adl: 'Activities of daily living',
  codeStatus: 'Code status',
  hospice: 'Hospice',
  hasPendant: 'Has a pendant',
  noPendant: 'No pendant',
  contacts: 'Contacts',
  primaryCareProvider: 'Primary care provider',
  specialists: 'Specialists',
  hospital: 'Hospital',
  addContact: 'Add',
  remove: 'Remove',
  unitsInZone: 'Units in this zone',
  careTypesInZone: 'Every unit of these care types',
  occupants: (n: number) => (n === 1 ? '1 resident' : `${n} residents`),
  ehrLockedFields: 'EHR locked fields',
  ehrProvider: 'EHR provider',
  ehrField: 'Field',
  lockField: 'Lock field',
  noLockedFields: 'No field is locked: every resident field is edited here.',
  fieldLocked: (field: string) => `${field} locked`,
  fieldUnlocked: (field: string) => `${field} unlocked`,
  unitCount: (n: number) => (n === 1 ? '1 unit' : `${n} units`),
} as const;

/**
 * Texts of the units and care-zone lists' search and of archiving a unit (decision 0612): a unit with history
 * cannot be deleted, it can be archived. Apart from AdminMessages so the dashboard's first load carries none.
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

/**
 * The caregiver's and nurse's other pages (issue #33, decision 0710): /tasks with its tabs, the resident search
 * and resident drawers with the resident's page, the team list and a team member's page. The spec's texts are the
 * contract's constants themselves; those the app had inline are moved here as they were. Resident names, notes
 * and care logs are never translated.
 */
import {
  ButtonLabels,
  CARE_TYPE_LABELS,
  CareAssignmentMessages,
  DeviceAllocationMessages,
  DrawerTitles,
  EmptyStateMessages,
  HOSPICE_STATUS_LABELS,
  RESUSCITATION_STRATEGY_LABELS,
} from '@sage/contract';

/** An ICU placeholder, passed to a contract text function in place of its value. */
const arg = (name: string): string => `{${name}}`;

/** Each label keyed `${prefix}_${id}`, so one namespace holds several label sets. */
const prefixed = <P extends string, T extends Record<string, string>>(prefix: P, labels: T) =>
  Object.fromEntries(Object.entries(labels).map(([id, label]) => [`${prefix}_${id}`, label])) as {
    readonly [K in keyof T & string as `${P}_${K}`]: T[K];
  };

export const pagesEn = {
  /** /tasks: the nurse's observations to follow up and my open tasks (decision 0242). */
  tasks: {
    title: 'Tasks',
    addTask: 'Add Task',
    observations: 'Observations',
    observationsCount: `Observations (${arg('count')})`,
    myTasks: 'My Tasks',
    noObservations: 'No observations to follow up',
    noOpenTasks: 'No open tasks',
    schedules: 'Task Schedules',
    loading: 'Loading',
    /** The nurse's follow-up drawer's close button (its spoken name). */
    close: 'Close',
  },
  /** Search for Resident (drawer 8), Resident details (drawer 9) and /residents/resident/{id}. */
  residents: {
    searchTitle: DrawerTitles.searchResident,
    search: 'Search',
    namePlaceholder: 'Resident name',
    noResidentsFound: EmptyStateMessages.noResidentsFound,
    listLabel: 'Residents',
    continue: ButtonLabels.continue,
    loading: 'Loading',
    title: 'Resident',
    logCare: ButtonLabels.logCare,
    logRefusal: ButtonLabels.logRefusal,
    pendants: DeviceAllocationMessages.pendantsTitle,
    viewProfile: 'View Profile',
    careAssignment: 'Care assignment',
    careAssignmentAdded: CareAssignmentMessages.added,
    careAssignmentRemoved: CareAssignmentMessages.removed,
    age: `Age ${arg('age')}`,
    codeStatus: 'Code status',
    hospiceStatus: 'Hospice status',
    hospice: `Hospice: ${arg('status')}`,
    routineCheck: 'Routine check',
    routineCheckOverdue: 'Routine check overdue',
    routineCheckDueIn: `Routine check due in ${arg('time')}`,
    careLog: 'Care log',
    noCareLogged: 'No care logged yet',
    refused: `Refused: ${arg('care')}`,
    observations: `Observations: ${arg('observations')}`,
    ago: `${arg('time')} ago`,
    ...prefixed('careType', CARE_TYPE_LABELS),
    ...prefixed('code', RESUSCITATION_STRATEGY_LABELS),
    ...prefixed('hospice', HOSPICE_STATUS_LABELS),
  },
  /** /team and /team/member/{id} (texts the spec does not give, decision 0163). */
  team: {
    title: 'Team',
    search: 'Search team',
    none: 'No team members found',
    manageStaff: 'Manage Staff',
    manageGroups: 'Manage Groups',
    listLabel: 'Team members',
    loading: 'Loading',
    onShift: 'On shift',
    offShift: 'Off shift',
    groups: 'Groups',
    admin: 'Admin',
    actions: 'Actions',
    actionsFor: `Actions: ${arg('group')}`,
    addToGroup: 'Add to Group',
    addedToGroup: `${arg('name')} was added to ${arg('group')}`,
    addFailed: `Failed to add ${arg('name')} to ${arg('group')}`,
    highFive: 'Send a High Five',
    notFound: 'This team member was not found.',
    call: `${ButtonLabels.call} ${arg('phone')}`,
  },
} as const;

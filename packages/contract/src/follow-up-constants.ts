/**
 * A nurse's follow-up of an escalated observation (issue #32, nurse point 2; docs/decisions/0620): what she did
 * and a note, closed with `PUT /tasks/{taskId}/follow-up` rather than a call's resolve steps. Zod-free, so the
 * alert page reads the labels without the schemas (decision 0384).
 */
export const FollowUpAction = {
  ASSESSED_RESIDENT: 'ASSESSED_RESIDENT',
  GAVE_TREATMENT: 'GAVE_TREATMENT',
  CALLED_PHYSICIAN: 'CALLED_PHYSICIAN',
  CALLED_FAMILY: 'CALLED_FAMILY',
  UPDATED_CARE_PLAN: 'UPDATED_CARE_PLAN',
  NO_ACTION_NEEDED: 'NO_ACTION_NEEDED',
} as const;
export type FollowUpAction = (typeof FollowUpAction)[keyof typeof FollowUpAction];
export const FOLLOW_UP_ACTIONS = Object.values(FollowUpAction) as [FollowUpAction, ...FollowUpAction[]];

/** The labels of the follow-up's checklist, and of the updates the close writes (one per action). */
export const FOLLOW_UP_ACTION_LABELS: Record<FollowUpAction, string> = {
  ASSESSED_RESIDENT: 'Assessed the resident',
  GAVE_TREATMENT: 'Gave treatment or medication',
  CALLED_PHYSICIAN: 'Called the physician',
  CALLED_FAMILY: 'Called the family',
  UPDATED_CARE_PLAN: 'Updated the care plan',
  NO_ACTION_NEEDED: 'No action needed',
};

/** The texts of the follow-up close and of the observation's page (English; Spanish in @sage/i18n). */
export const FollowUpMessages = {
  /** The button on an open escalated observation, in place of Resolve. */
  close: 'Close Follow-up',
  /** The drawer's title. */
  title: 'Close this follow-up',
  /** The checklist's legend. */
  whatDidYouDo: 'What did you do?',
  noteLabel: 'Follow-up note (optional)',
  submit: 'Close Follow-up',
  cancel: 'Cancel',
  /** The toast once closed. */
  closed: 'Follow-up closed',
  /** The observation page's card: what the caregiver saw and wrote. */
  observation: 'Observation',
  /** The closed card's heading. */
  followedUpBy: (name: string) => `Followed up by ${name}`,
} as const;

/** The update written when a follow-up closes (beside one per action). */
export const followUpClosedUpdate = (name: string): string => `Follow-up closed by ${name}`;

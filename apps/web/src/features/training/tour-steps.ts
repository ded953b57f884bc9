import type { TaskStatus } from '@sage/contract';

/**
 * "Training walkthrough (seven tour steps): alert page, claim, alert detail, multi-outcome selection (Bathing
 * and Toileting), observations, add note, congratulations." The spec gives the steps, not their words: ours
 * (docs/decisions/0362).
 */
export const TOUR_STEPS = [
  {
    id: 'alert-page',
    title: 'Your training alert',
    content:
      'This is practice: nothing is sent to your team. Open alerts show here, the most urgent first. Tap the training alert to open it.',
  },
  {
    id: 'claim',
    title: 'Claim the alert',
    content: 'Tap Claim so your team knows you are on your way.',
  },
  {
    id: 'alert-detail',
    title: 'The alert',
    content:
      "Here you see where help is needed and everything that has happened so far. At the resident's side, tap Confirm Care.",
  },
  {
    id: 'multi-outcome',
    title: 'Record the care provided',
    content: 'Select Bathing and Toileting, then Select (2).',
  },
  {
    id: 'observations',
    title: 'Changes for the nurse',
    content:
      "Tick any change in the resident's condition to escalate to a nurse, or Skip when there is none.",
  },
  {
    id: 'add-note',
    title: 'Add a note',
    content: 'Add anything the next caregiver should know, then Submit to resolve the alert.',
  },
  {
    id: 'congratulations',
    title: 'Congratulations!',
    content: 'You have resolved your first alert. Complete the tour, or Retry to practise once more.',
  },
] as const;

export type TourStepId = (typeof TOUR_STEPS)[number]['id'];
export const LAST_TOUR_STEP = TOUR_STEPS.length - 1;
export const tourStepIndex = (id: TourStepId): number => TOUR_STEPS.findIndex((step) => step.id === id);

/** "Steps with completion controls show Complete ... and Retry": the congratulations. */
export const hasCompletionControls = (step: number): boolean => step === tourStepIndex('congratulations');

/**
 * The step the trainee has reached, from where they are: the page, the training alert's status and the drawer
 * on screen. The tour only moves forward (a step reached is not shown again for the same alert).
 */
export function reachedTourStep(input: {
  path: string;
  taskId: string;
  status: TaskStatus | null;
  drawerType: string | null;
}): number {
  const { path, taskId, status, drawerType } = input;
  if (status === 'CLOSED_RESOLVED') return tourStepIndex('congratulations');
  if (drawerType === 'resolve-task') return tourStepIndex('add-note');
  if (drawerType === 'add-observations') return tourStepIndex('observations');
  if (drawerType === 'multi-outcome-resolution') return tourStepIndex('multi-outcome');
  if (status === 'OPEN_CLAIMED' || status === 'OPEN_CONFIRMING' || status === 'OPEN_CONFIRMED') {
    return tourStepIndex('alert-detail');
  }
  if (path === `/alerts/alert/${taskId}`) return tourStepIndex('claim');
  return tourStepIndex('alert-page');
}

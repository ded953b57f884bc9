import type { TaskStatus } from '@sage/contract';
import type { MessageKey } from '@sage/i18n/catalogue';

/**
 * "Training walkthrough (seven tour steps): alert page, claim, alert detail, multi-outcome selection (Bathing
 * and Toileting), observations, add note, congratulations." The spec gives the steps, not their words: ours
 * (docs/decisions/0362),
 * in the reader's language: each step's title and content are keys of the `training` messages (decision 0670).
 */
export const TOUR_STEPS = [
  { id: 'alert-page', title: 'alertPageTitle', content: 'alertPageContent' },
  { id: 'claim', title: 'claimTitle', content: 'claimContent' },
  { id: 'alert-detail', title: 'alertDetailTitle', content: 'alertDetailContent' },
  { id: 'multi-outcome', title: 'multiOutcomeTitle', content: 'multiOutcomeContent' },
  { id: 'observations', title: 'observationsTitle', content: 'observationsContent' },
  { id: 'add-note', title: 'addNoteTitle', content: 'addNoteContent' },
  { id: 'congratulations', title: 'congratulationsTitle', content: 'congratulationsContent' },
] as const satisfies readonly {
  id: string;
  title: MessageKey<'training'>;
  content: MessageKey<'training'>;
}[];

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

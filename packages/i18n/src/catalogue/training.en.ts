/**
 * The guided tour and the training alert (issue #33, decision 0670): the tour offer, the tour card's steps and
 * controls, the end-of-tour question, the training care-confirmation dialog. The spec's texts are the contract's
 * constants; the words the spec leaves to us (decisions 0362, 0363) moved here as they were.
 */
import { TourMessages, TrainingMessages } from '@sage/contract';

export const training = {
  offerTitle: 'Take a quick tour?',
  offerText: 'Practise answering an alert with a training alert, step by step. Nothing is sent to your team.',
  offerStart: 'Start Tour',
  offerLater: 'Not Now',
  next: 'Next',
  complete: 'Complete',
  retry: 'Retry',
  close: 'End the tour',
  stepOf: 'Step {step} of {count}',
  confirmEnd: TourMessages.confirmEnd,
  continueTour: TourMessages.continueTour,
  endTour: TourMessages.endTour,
  careConfirmationDialog: TrainingMessages.careConfirmationDialog,
  confirmCare: 'Confirm Care',
  /** The training alert's made-up unit (decision 0361), a value of its title 'Training Unit has reported an emergency'. */
  trainingUnit: 'Training Unit',
  alertPageTitle: 'Your training alert',
  alertPageContent:
    'This is practice: nothing is sent to your team. Open alerts show here, the most urgent first. Tap the training alert to open it.',
  claimTitle: 'Claim the alert',
  claimContent: 'Tap Claim so your team knows you are on your way.',
  alertDetailTitle: 'The alert',
  alertDetailContent:
    "Here you see where help is needed and everything that has happened so far. At the resident's side, tap Confirm Care.",
  multiOutcomeTitle: 'Record the care provided',
  multiOutcomeContent: 'Select Bathing and Toileting, then Select (2).',
  observationsTitle: 'Changes for the nurse',
  observationsContent:
    "Tick any change in the resident's condition to escalate to a nurse, or Skip when there is none.",
  addNoteTitle: 'Add a note',
  addNoteContent: 'Add anything the next caregiver should know, then Submit to resolve the alert.',
  congratulationsTitle: 'Congratulations!',
  congratulationsContent:
    'You have resolved your first alert. Complete the tour, or Retry to practise once more.',
} as const;

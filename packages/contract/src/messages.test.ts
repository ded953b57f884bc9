import { describe, expect, it } from 'vitest';
import {
  buttonsLabel,
  CareConfirmationMessages,
  CareLogMessages,
  CheckInMessages,
  CookieBlockedMessages,
  communitiesLabel,
  DoorScheduleMessages,
  GoBackMessages,
  GroupMessages,
  HighFiveMessages,
  InsightMessages,
  LoginMessages,
  LogoutReasonDialogs,
  NoteFieldMessages,
  PhoneScreenErrors,
  ResolveMessages,
  TrainingMessages,
} from './messages';

// Quoted from the two spec documents: [actual, expected text]
const ROWS: [string, string][] = [
  [InsightMessages.closed, 'The insight has been closed.  No further action can be taken.'],
  [InsightMessages.closedHighFive, 'The insight has been closed. No further action can be taken.'],
  [InsightMessages.highFiveFailed, 'Error sending high five'],
  [InsightMessages.dismissed, 'Feedback Sent'],
  [InsightMessages.completed, 'Insight Completed'],
  [InsightMessages.highFiveSent, 'High Five Sent!'],
  [CareConfirmationMessages.alertResolved, 'This alert has been resolved'],
  [CareConfirmationMessages.alertUnclaimed, 'This alert was unclaimed, please claim and try again'],
  [CareConfirmationMessages.pressWallButton('Unit 101'), 'Press any wall button in Unit 101 to continue'],
  [CareConfirmationMessages.hint, 'Make sure you hear a click and see a light'],
  [ResolveMessages.alreadyResolvedAlert, 'This alert has already been resolved.'],
  [ResolveMessages.alreadyResolvedTask, 'This task has already been resolved.'],
  [ResolveMessages.failed, 'There was an error resolving this task. Please try again.'],
  [CareLogMessages.failed, 'There was an error reporting this emergency. Please try again.'],
  [CareLogMessages.careLoggedFor('Ada Lovelace'), 'Care logged for Ada Lovelace'],
  [CheckInMessages.updateFailed, 'Error updating check in, please try again'],
  [CheckInMessages.updatedForUnit('101'), 'Check-in updated for unit 101'],
  [CheckInMessages.dailyCheckInBegins, 'Daily check-in begins at 4:00 am'],
  [NoteFieldMessages.charactersRemaining(3), '3 characters remaining'],
  [NoteFieldMessages.charactersOverLimit(2), '2 characters over the limit'],
  [NoteFieldMessages.label + NoteFieldMessages.optionalSuffix, 'Enter notes here (optional)'],
  [GoBackMessages.text, 'There are some unsaved changes. Are you sure you want to go back?'],
  [HighFiveMessages.received(1), "You've received a high five from a colleague"],
  [HighFiveMessages.received(3), '3 high fives from colleagues'],
  [TrainingMessages.alertTitle('Unit 7'), 'Unit 7 has reported an emergency'],
  [
    LoginMessages.invalidCodeText('555-0100'),
    "Re-enter the code that we sent to you. Still doesn't work? Call the provider's support at 555-0100.",
  ],
  [LoginMessages.tooManyAttemptsTitle, 'Too many unsuccessful logins.'],
  [
    PhoneScreenErrors.unsubscribed.text('+15550000'),
    'Text "start" to +15550000 from the phone number you entered and try again',
  ],
  [
    LogoutReasonDialogs['session-expired'].text,
    'Your session has timed out, please log in again to continue using the app.',
  ],
  [LogoutReasonDialogs['token-error'].title, "You've been logged out"],
  [GroupMessages.makeAdminFailed('Ann', 'Culinary'), 'Failed to make Ann a Culinary group admin'],
  [GroupMessages.dismissAdminFailed('Ann', 'Culinary'), 'Failed to dismiss Ann as a Culinary group admin'],
  [GroupMessages.dismissedAdmin('Ann', 'Culinary'), 'Ann is no longer a Culinary admin'],
  [GroupMessages.takenOffShift('Ann'), 'Ann has been taken off shift'],
  [DoorScheduleMessages.startEqualsEnd, 'Start and end times must be different'],
  [
    DoorScheduleMessages.wholeDay,
    'This alert period spans the whole day. Please select Always Alert instead.',
  ],
  [CookieBlockedMessages.headline('Sage'), 'Enable Cookies to Use Sage'],
  [communitiesLabel(1), '1 community'],
  [communitiesLabel(2), '2 communities'],
  [buttonsLabel(1), '1 button'],
  [buttonsLabel(0), '0 buttons'],
];

describe('messages are copied to the letter', () => {
  it.each(ROWS)('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

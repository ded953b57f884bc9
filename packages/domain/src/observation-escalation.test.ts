import { describe, expect, it } from 'vitest';
import type { Candidate } from './notification-rules';
import {
  observationEscalationDescription,
  observationEscalationTitle,
  selectGroupTaskRecipients,
  shouldEscalateObservations,
} from './observation-escalation';

// Alerts doc section 1: "log observations of changes in condition that are escalated to nurses".
describe('[OBSERVATIONS][ESCALATION]: when, titled how, to whom', () => {
  it.each([
    [['SKIN'], false, 'EMERGENCY', true],
    [['SKIN', 'PAIN'], false, null, true],
    [[], false, 'EMERGENCY', false],
    // a test alert escalates nothing
    [['SKIN'], true, 'EMERGENCY', false],
    // a nurse resolving an escalation does not escalate to the nurses again
    [['PAIN'], false, 'ESCALATION_OBSERVATION', false],
  ])(
    'observations %j, test %s, task severity %s: escalate %s',
    (observations, isTest, taskSeverity, expected) => {
      expect(shouldEscalateObservations({ observations, isTest, taskSeverity })).toBe(expected);
    },
  );

  it.each([
    [['SKIN', 'PAIN'], 'Ada Lovelace', 'Observation: Skin, Pain - Ada Lovelace'],
    [['MOOD_BEHAVIOR', 'MOOD_BEHAVIOR'], null, 'Observation: Mood/Behavior'],
    // "Unknown ids are displayed as they are."
    [['FEVER'], 'Unit 101', 'Observation: FEVER - Unit 101'],
  ])('%j about %s: %s', (observations, about, title) => {
    expect(observationEscalationTitle(observations, about)).toBe(title);
  });

  it('the description says who, where and the note', () => {
    expect(
      observationEscalationDescription({
        observerName: 'Cara Giver',
        source: 'alert',
        sourceTitle: 'Pendant pressed',
        note: ' Red patch on heel ',
      }),
    ).toBe("Observed by Cara Giver while resolving 'Pendant pressed'. Note: Red patch on heel");
    expect(observationEscalationDescription({ observerName: 'Cara Giver', source: 'care log' })).toBe(
      'Observed by Cara Giver while logging care.',
    );
  });

  const person = (id: string, groupIds: string[], isOnCall: boolean): Candidate => ({
    staffMemberId: id,
    groupIds,
    isOnCall,
    shouldReceiveAllCareAlerts: false,
    careZones: [],
  });
  const staff = [
    person('nurse-on', ['nurses'], true),
    person('nurse-off', ['nurses'], false),
    person('carer-on', ['care'], true),
    person('both-on', ['care', 'nurses'], true),
  ];
  it.each([
    [false, ['nurse-on', 'both-on']],
    [true, ['nurse-on', 'nurse-off', 'both-on']],
  ])('a task for the nurses, break-glass %s: %j', (isBreakGlass, expected) => {
    expect(selectGroupTaskRecipients('nurses', { isBreakGlass }, staff)).toEqual(expected);
  });
});

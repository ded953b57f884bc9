import { translate } from '@sage/i18n';
import { describe, expect, it } from 'vitest';
import {
  bottomButtonLabel,
  formatPhoneForDisplay,
  type SenderRow,
  senderRows,
  shouldOfferOptIn,
  statusLabel,
  subscribeSmsLink,
} from './opt-in-rules';

const facility = { emergencyNotificationNumber: '+14155550190', taskNotificationNumber: '+14155550191' };
const row = (topic: SenderRow['topic'], status: SenderRow['status']): SenderRow => ({
  topic,
  senderPhoneNumber: topic === 'ALERTS' ? '+14155550190' : '+14155550191',
  status,
});

describe('Notifications opt-in drawer rules', () => {
  it('lists the alert sender number, then the task sender number, with the status the server gave', () => {
    expect(
      senderRows(facility, [
        { senderPhoneNumber: '+14155550191', status: 'SUBSCRIBED' },
        { senderPhoneNumber: '+14155550190', status: 'UNSUBSCRIBED' },
      ]),
    ).toEqual([row('ALERTS', 'UNSUBSCRIBED'), row('TASKS', 'SUBSCRIBED')]);
  });

  it('treats a number missing from the answer as not subscribed and leaves out numbers the facility lacks', () => {
    expect(senderRows(facility, [])).toEqual([row('ALERTS', 'UNSUBSCRIBED'), row('TASKS', 'UNSUBSCRIBED')]);
    expect(senderRows({ ...facility, taskNotificationNumber: null }, [])).toEqual([
      row('ALERTS', 'UNSUBSCRIBED'),
    ]);
  });

  it.each([
    ['SUBSCRIBED', 'Receiving messages'],
    ['UNSUBSCRIBED', 'Not receiving messages'],
  ] as const)('status %s reads %s (and is read in Spanish too)', (status, label) => {
    expect(translate('en', 'optIn', statusLabel(status))).toBe(label);
    expect(translate('es', 'optIn', statusLabel(status))).not.toBe(label);
  });

  // "The bottom button reads Continue when both are subscribed, otherwise Skip."
  it.each([
    ['SUBSCRIBED', 'SUBSCRIBED', 'Continue'],
    ['SUBSCRIBED', 'UNSUBSCRIBED', 'Skip'],
    ['UNSUBSCRIBED', 'SUBSCRIBED', 'Skip'],
    ['UNSUBSCRIBED', 'UNSUBSCRIBED', 'Skip'],
  ] as const)('alerts %s, tasks %s: %s', (alerts, tasks, label) => {
    expect(bottomButtonLabel([row('ALERTS', alerts), row('TASKS', tasks)])).toBe(label);
  });

  it('reads Skip when the facility has only one of the two numbers', () => {
    expect(bottomButtonLabel([row('ALERTS', 'SUBSCRIBED')])).toBe('Skip');
    expect(translate('es', 'optIn', bottomButtonLabel([row('ALERTS', 'SUBSCRIBED')]))).toBe('Omitir');
  });

  it('offers the drawer after sign-in only while a number is not subscribed', () => {
    expect(shouldOfferOptIn([row('ALERTS', 'SUBSCRIBED'), row('TASKS', 'UNSUBSCRIBED')])).toBe(true);
    expect(shouldOfferOptIn([row('ALERTS', 'SUBSCRIBED'), row('TASKS', 'SUBSCRIBED')])).toBe(false);
    expect(shouldOfferOptIn([])).toBe(false);
  });

  it('builds an sms: link pre-filled with START in the form Android and iOS both read', () => {
    expect(subscribeSmsLink('+14155550190')).toBe('sms:+14155550190?&body=START');
    expect(subscribeSmsLink('+14155550190', 'YES PLEASE')).toBe('sms:+14155550190?&body=YES%20PLEASE');
  });

  it('formats numbers for display', () => {
    expect(formatPhoneForDisplay('+14155550190')).toBe('(415) 555-0190');
    expect(formatPhoneForDisplay('+442071838750')).toBe('+44 20 7183 8750');
    expect(formatPhoneForDisplay('not a number')).toBe('not a number');
  });
});

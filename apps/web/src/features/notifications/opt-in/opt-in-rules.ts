import {
  SUBSCRIBE_SMS_TEXT,
  type SubscriptionStatus,
  type SubscriptionTopic,
  type TFacilitySummary,
  type TPhoneSubscription,
} from '@sage/contract';
import { optInDrawerButton } from '@sage/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Pure rules of the Notifications opt-in drawer (sign-in doc section 2; docs/decisions/0066). */

export interface SenderRow {
  topic: SubscriptionTopic;
  /** E.164, as the server stores it. */
  senderPhoneNumber: string;
  status: SubscriptionStatus;
}

/**
 * The alert sender number (the facility's emergencyNotificationNumber, topic ALERTS) then the task sender
 * number (taskNotificationNumber, TASKS), each with the caller's status. A number the facility has not set is
 * left out; a number missing from the server's answer is not receiving messages.
 */
export function senderRows(
  facility: Pick<TFacilitySummary, 'emergencyNotificationNumber' | 'taskNotificationNumber'>,
  subscriptions: readonly Pick<TPhoneSubscription, 'senderPhoneNumber' | 'status'>[],
): SenderRow[] {
  const senders: [SubscriptionTopic, string | null][] = [
    ['ALERTS', facility.emergencyNotificationNumber],
    ['TASKS', facility.taskNotificationNumber],
  ];
  return senders.flatMap(([topic, senderPhoneNumber]) =>
    senderPhoneNumber
      ? [
          {
            topic,
            senderPhoneNumber,
            status:
              subscriptions.find((s) => s.senderPhoneNumber === senderPhoneNumber)?.status ?? 'UNSUBSCRIBED',
          },
        ]
      : [],
  );
}

/**
 * The message key of 'Receiving messages' or 'Not receiving messages' (the `optIn` namespace, decision 0700: the
 * status itself).
 */
export const statusLabel = (status: SubscriptionStatus): SubscriptionStatus => status;

/** "The bottom button reads Continue when both are subscribed, otherwise Skip." */
export function bottomButtonLabel(rows: readonly SenderRow[]): 'Continue' | 'Skip' {
  const status = (topic: SubscriptionTopic) => rows.find((r) => r.topic === topic)?.status ?? 'UNSUBSCRIBED';
  return optInDrawerButton({ alerts: status('ALERTS'), tasks: status('TASKS') });
}

/** Whether the drawer is worth offering after sign-in: a sender number the phone is not subscribed to. */
export const shouldOfferOptIn = (rows: readonly SenderRow[]): boolean =>
  rows.some((r) => r.status !== 'SUBSCRIBED');

/**
 * A text-message link to `phoneNumber` pre-filled with START. `sms:<number>?&body=` is the form both Android
 * (which reads `?body=`) and iOS (which reads `&body=`) open with the text filled in.
 */
export const subscribeSmsLink = (phoneNumber: string, text: string = SUBSCRIBE_SMS_TEXT): string =>
  `sms:${phoneNumber}?&body=${encodeURIComponent(text)}`;

/** '+14155550190' shown as '(415) 555-0190' (NANP numbers nationally, others internationally). */
export function formatPhoneForDisplay(phoneNumber: string): string {
  const parsed = parsePhoneNumberFromString(phoneNumber, 'US');
  if (!parsed) return phoneNumber;
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational();
}

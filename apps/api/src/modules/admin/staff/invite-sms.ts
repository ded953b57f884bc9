import type { StaffLanguage } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { translate } from '@sage/i18n';
import { type SmsTransport, sendSms } from '@sage/notify/sms';

/** What sends the invite: the sign-in codes' transport and sender number (Twilio, or the local outbox). */
export interface InviteSender {
  sms: SmsTransport;
  from: string;
  /** The web app's address (PUBLIC_URL, or the address the manager's request came to). */
  appUrl: string;
  productName?: string;
}

/** The text to a staff member just invited, in their language (decision 0603). */
export const staffInviteText = (
  language: StaffLanguage,
  values: { facility: string; url: string; productName?: string },
): string =>
  translate(language, 'notify', 'staffInvite', {
    productName: values.productName ?? 'Sage Care',
    facility: values.facility,
    url: values.url,
  });

/**
 * Texts each newly invited staff member where the app is and how to sign in (their phone number and a texted
 * code), in their language. The invite stands whatever happens to the text: a failure is only logged, the person
 * can still sign in.
 */
export async function sendStaffInvites(
  prisma: PrismaClient,
  sender: InviteSender,
  invited: { staffMemberId: string; facilityId: string }[],
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  for (const { staffMemberId, facilityId } of invited) {
    try {
      const [person, facility] = await Promise.all([
        prisma.staffMember.findUniqueOrThrow({
          where: { id: staffMemberId },
          select: { phoneNumber: true, language: true },
        }),
        prisma.facility.findUniqueOrThrow({ where: { id: facilityId }, select: { name: true } }),
      ]);
      await sendSms(sender.sms, {
        to: person.phoneNumber,
        from: sender.from,
        body: staffInviteText(person.language, {
          facility: facility.name,
          url: sender.appUrl,
          ...(sender.productName ? { productName: sender.productName } : {}),
        }),
      });
    } catch (error) {
      log.warn({ err: error, staffMemberId }, 'staff invite text not sent');
    }
  }
}

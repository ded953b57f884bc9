import type { SubscriptionStatus, SubscriptionTopic, TPhoneSubscription } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { forbidden, invalidInput } from '@sage/service-kit/errors';
import type { FacilityCaller } from './access';

/** The facility's sender numbers and the topic each one carries. */
async function facilitySenders(
  prisma: PrismaClient,
  facilityId: string,
): Promise<Map<string, SubscriptionTopic>> {
  const f = await prisma.facility.findUniqueOrThrow({
    where: { id: facilityId },
    select: { emergencyNotificationNumber: true, taskNotificationNumber: true },
  });
  const senders = new Map<string, SubscriptionTopic>();
  if (f.emergencyNotificationNumber) senders.set(f.emergencyNotificationNumber, 'ALERTS');
  if (f.taskNotificationNumber) senders.set(f.taskNotificationNumber, 'TASKS');
  return senders;
}

/**
 * Which recipient numbers the caller may read or change: their own, or (management) those of the facility's
 * staff. 403 names the first number refused.
 */
async function checkRecipients(
  prisma: PrismaClient,
  caller: FacilityCaller,
  numbers: string[],
): Promise<void> {
  const self = await prisma.staffMember.findUniqueOrThrow({
    where: { id: caller.staffMemberId },
    select: { phoneNumber: true },
  });
  const others = numbers.filter((n) => n !== self.phoneNumber);
  if (others.length === 0) return;
  if (!caller.permissions.isManagement) {
    throw forbidden(
      `You may only see or change the subscriptions of your own phone number, not ${others[0]}`,
    );
  }
  const staff = await prisma.staffMember.findMany({
    where: {
      phoneNumber: { in: others },
      groupMemberships: { some: { group: { facilityId: caller.facilityId } } },
    },
    select: { phoneNumber: true },
  });
  const known = new Set(staff.map((s) => s.phoneNumber));
  const stranger = others.find((n) => !known.has(n));
  if (stranger) throw forbidden(`${stranger} is not the number of a staff member of this facility`);
}

export async function listPhoneSubscriptions(
  prisma: PrismaClient,
  caller: FacilityCaller,
  query: {
    recipientPhoneNumber?: string | undefined;
    senderPhoneNumber?: string | undefined;
    recipientPhoneNumbers?: string[] | undefined;
    senderPhoneNumbers?: string[] | undefined;
  },
): Promise<TPhoneSubscription[]> {
  const senders = await facilitySenders(prisma, caller.facilityId);
  const askedSenders = [
    ...(query.senderPhoneNumbers ?? []),
    ...(query.senderPhoneNumber ? [query.senderPhoneNumber] : []),
  ];
  const senderList = askedSenders.length
    ? [...new Set(askedSenders)].filter((s) => senders.has(s))
    : [...senders.keys()];
  let recipients = [
    ...new Set([
      ...(query.recipientPhoneNumbers ?? []),
      ...(query.recipientPhoneNumber ? [query.recipientPhoneNumber] : []),
    ]),
  ];
  if (recipients.length === 0) {
    const self = await prisma.staffMember.findUniqueOrThrow({
      where: { id: caller.staffMemberId },
      select: { phoneNumber: true },
    });
    recipients = [self.phoneNumber];
  }
  await checkRecipients(prisma, caller, recipients);
  const rows = await prisma.phoneNumberSubscription.findMany({
    where: { senderPhoneNumber: { in: senderList }, recipientPhoneNumber: { in: recipients } },
    select: { senderPhoneNumber: true, recipientPhoneNumber: true, status: true },
  });
  const status = new Map(rows.map((r) => [`${r.senderPhoneNumber} ${r.recipientPhoneNumber}`, r.status]));
  // A number that never texted START (nor was subscribed here) is not receiving messages.
  return recipients.flatMap((recipientPhoneNumber) =>
    senderList.map((senderPhoneNumber) => ({
      senderPhoneNumber,
      recipientPhoneNumber,
      status: status.get(`${senderPhoneNumber} ${recipientPhoneNumber}`) ?? 'UNSUBSCRIBED',
      topic: senders.get(senderPhoneNumber) as SubscriptionTopic,
    })),
  );
}

export async function upsertPhoneSubscriptions(
  prisma: PrismaClient,
  caller: FacilityCaller,
  items: { senderPhoneNumber: string; recipientPhoneNumber: string; status: SubscriptionStatus }[],
  /** Where item i's sender number is in the request (for the 400). */
  senderField: (i: number) => string,
): Promise<TPhoneSubscription[]> {
  const senders = await facilitySenders(prisma, caller.facilityId);
  const issues = items.flatMap((item, i) =>
    senders.has(item.senderPhoneNumber)
      ? []
      : [
          {
            field: senderField(i),
            rule: 'facility sender',
            message: `${item.senderPhoneNumber} is neither the alerts nor the tasks number of this facility`,
          },
        ],
  );
  if (issues.length) throw invalidInput(issues);
  await checkRecipients(prisma, caller, [...new Set(items.map((i) => i.recipientPhoneNumber))]);
  return prisma.$transaction(async (tx) => {
    const out: TPhoneSubscription[] = [];
    for (const item of items) {
      const topic = senders.get(item.senderPhoneNumber) as SubscriptionTopic;
      const row = await tx.phoneNumberSubscription.upsert({
        where: {
          senderPhoneNumber_recipientPhoneNumber: {
            senderPhoneNumber: item.senderPhoneNumber,
            recipientPhoneNumber: item.recipientPhoneNumber,
          },
        },
        create: { facilityId: caller.facilityId, ...item, topic },
        update: { status: item.status, topic },
        select: { senderPhoneNumber: true, recipientPhoneNumber: true, status: true, topic: true },
      });
      out.push(row);
    }
    return out;
  });
}

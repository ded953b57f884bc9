import type { PrismaClient } from '@sage/db';
import { createTestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { localizeTaskTitle, translate } from '@sage/i18n';
import { createOutboxSmsTransport, resolveVapidKeys, sendMessages } from '@sage/notify';
import { type LocalPushService, startLocalPushService } from '@sage/notify/push-service-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Pushes and texts go out in each recipient's language (issue #33, decision 0553). */
let db: TestDatabase;
let prisma: PrismaClient;
let push: LocalPushService;

beforeAll(async () => {
  push = await startLocalPushService();
  db = await createTestDatabase();
  prisma = db.prisma;
});

afterAll(async () => {
  await push?.close();
  await db?.drop();
});

describe('[NOTIFICATIONS][I18N]: one alert, each recipient in their language', () => {
  it('the Spanish-speaking caregiver gets the push and the text in Spanish, the English-speaking nurse in English; the record keeps the English', async () => {
    const f = await createTestFacility(prisma);
    const { caregiver, nurse } = f.staff;
    await prisma.staffMember.update({ where: { id: caregiver.id }, data: { language: 'es' } });
    const endpoints = new Map<string, string>();
    for (const person of [caregiver, nurse]) {
      const s = push.subscribe(`i18n-${person.id}`);
      endpoints.set(`i18n-${person.id}`, person.id);
      await prisma.webPushSubscription.create({
        data: {
          recipientId: person.id,
          facilityId: f.facilityId,
          endpoint: s.endpoint,
          p256dh: s.keys.p256dh,
          auth: s.keys.auth,
        },
      });
      await prisma.phoneNumberSubscription.create({
        data: {
          facilityId: f.facilityId,
          senderPhoneNumber: f.emergencyNotificationNumber,
          recipientPhoneNumber: person.phoneNumber,
          topic: 'ALERTS',
          status: 'SUBSCRIBED',
        },
      });
    }
    const title = 'Margaret Hale needs assistance';
    const body = (language: 'en' | 'es') =>
      translate(language, 'notify', 'unclaimedFirst', {
        severity: translate(language, 'severity', 'HIGH_PRIORITY'),
      });
    const [outcome] = await sendMessages(
      {
        prisma,
        sms: createOutboxSmsTransport(prisma),
        vapid: await resolveVapidKeys(prisma, {}),
        pushAgent: push.agent,
      },
      [
        {
          facilityId: f.facilityId,
          topic: 'ALERTS',
          title,
          body: body('en'),
          localized: (language) => ({ title: localizeTaskTitle(title, language), body: body(language) }),
          recipientIds: [caregiver.id, nurse.id],
        },
      ],
    );
    expect(outcome!.status).toBe('fulfilled');
    const messageRid = outcome!.status === 'fulfilled' ? outcome!.value.messageRid : '';

    const pushes = push.received.filter(
      (r) => (r.payload as { data: { messageRid: string } }).data.messageRid === messageRid,
    );
    const pushTo = (id: string) =>
      pushes
        .filter((r) => endpoints.get(r.path) === id)
        .map((r) => {
          const p = r.payload as { title: string; body: string };
          return { title: p.title, body: p.body };
        });
    expect(pushTo(caregiver.id)).toEqual([
      { title: 'Margaret Hale necesita ayuda', body: 'Prioridad alta: nadie la ha tomado todavía' },
    ]);
    expect(pushTo(nurse.id)).toEqual([
      { title: 'Margaret Hale needs assistance', body: 'High Priority: nobody has claimed it yet' },
    ]);

    const textTo = async (phone: string) =>
      (await prisma.outboxMessage.findMany({ where: { to: phone }, select: { body: true } })).map(
        (m) => m.body,
      );
    expect(await textTo(caregiver.phoneNumber)).toEqual([
      'Margaret Hale necesita ayuda: Prioridad alta: nadie la ha tomado todavía',
    ]);
    expect(await textTo(nurse.phoneNumber)).toEqual([
      'Margaret Hale needs assistance: High Priority: nobody has claimed it yet',
    ]);

    const record = await prisma.message.findUniqueOrThrow({ where: { id: messageRid } });
    expect({ title: record.title, body: record.body }).toEqual({ title, body: body('en') });
  });
});

import type { PrismaClient } from '@sage/db';
import { createTestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { createOutboxSmsTransport, resolveVapidKeys, sendMessages } from '@sage/notify';
import { type LocalPushService, startLocalPushService } from '@sage/notify/push-service-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The messages of a batch of block runs sent together (decision 0459): shared reads and one write for all, and
 * still each message reaches its own facility's people only, and fails on its own.
 */
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

describe('[NOTIFICATIONS][SEND]: many messages at once', () => {
  it("sends each message to its facility's recipients' subscriptions only; one whose facility is gone fails alone", async () => {
    const a = await createTestFacility(prisma);
    const b = await createTestFacility(prisma);
    const subscribe = async (recipientId: string, facilityId: string | null, name: string) => {
      const s = push.subscribe(name);
      return prisma.webPushSubscription.create({
        data: { recipientId, facilityId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth },
      });
    };
    // Each caregiver: a browser for their facility and one for every facility.
    const aOwn = await subscribe(a.staff.caregiver.id, a.facilityId, `batch-a-${a.tag}`);
    const aAny = await subscribe(a.staff.caregiver.id, null, `batch-any-${a.tag}`);
    const bOwn = await subscribe(b.staff.caregiver.id, b.facilityId, `batch-b-${b.tag}`);
    const bAny = await subscribe(b.staff.caregiver.id, null, `batch-any-${b.tag}`);
    const deps = {
      prisma,
      sms: createOutboxSmsTransport(prisma),
      vapid: await resolveVapidKeys(prisma, {}),
      pushAgent: push.agent,
    };
    const message = (facilityId: string, recipientIds: string[], title: string) => ({
      facilityId,
      topic: 'ALERTS' as const,
      title,
      body: 'Batch',
      recipientIds,
    });

    const outcomes = await sendMessages(deps, [
      // B's caregiver is named but is not one of A's people: ignored.
      message(a.facilityId, [a.staff.caregiver.id, b.staff.caregiver.id], 'to A'),
      message(b.facilityId, [b.staff.caregiver.id], 'to B'),
      message('no-such-facility', [a.staff.caregiver.id], 'to nowhere'),
      message(a.facilityId, [], 'to nobody'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const [toA, toB, , toNobody] = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : null));

    const deliveries = async (messageId: string) =>
      (
        await prisma.messageSent.findMany({
          where: { messageId },
          select: { webPushSubscriptionId: true, status: true, facilityId: true },
        })
      )
        .map((d) => `${d.webPushSubscriptionId} ${d.status} ${d.facilityId}`)
        .sort();
    expect(await deliveries(toA!.messageRid)).toEqual(
      [`${aOwn.id} SENT ${a.facilityId}`, `${aAny.id} SENT ${a.facilityId}`].sort(),
    );
    expect(await deliveries(toB!.messageRid)).toEqual(
      [`${bOwn.id} SENT ${b.facilityId}`, `${bAny.id} SENT ${b.facilityId}`].sort(),
    );
    expect(toA!.messagesSent.map((d) => d.recipientId)).toEqual([a.staff.caregiver.id, a.staff.caregiver.id]);
    // A message to nobody is still recorded, with no delivery; nothing was written for the one that failed.
    expect(toNobody!.messagesSent).toEqual([]);
    expect(await prisma.message.count({ where: { id: toNobody!.messageRid } })).toBe(1);
    expect(await prisma.message.count({ where: { title: 'to nowhere' } })).toBe(0);
    const messages = await prisma.message.findMany({
      where: { id: { in: [toA!.messageRid, toB!.messageRid] } },
      select: { title: true, facilityId: true, enterpriseId: true },
      orderBy: { title: 'asc' },
    });
    expect(messages).toEqual([
      { title: 'to A', facilityId: a.facilityId, enterpriseId: a.enterpriseId },
      { title: 'to B', facilityId: b.facilityId, enterpriseId: b.enterpriseId },
    ]);

    // Each browser received its own message's push, once.
    const titles = (name: string) =>
      push.received.filter((r) => r.path.endsWith(name)).map((r) => (r.payload as { title: string }).title);
    expect(titles(`batch-a-${a.tag}`)).toEqual(['to A']);
    expect(titles(`batch-any-${a.tag}`)).toEqual(['to A']);
    expect(titles(`batch-b-${b.tag}`)).toEqual(['to B']);
    expect(titles(`batch-any-${b.tag}`)).toEqual(['to B']);
  });
});

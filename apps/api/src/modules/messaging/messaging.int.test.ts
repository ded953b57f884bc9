import type https from 'node:https';
import { PUSH_RECEIPT_HEADER, TWILIO_SIGNATURE_HEADER } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { pushServiceAgent } from '@sage/notify';
import {
  CLOSE_CONNECTION_ONCE,
  type LocalPushService,
  startLocalPushService,
} from '@sage/notify/push-service-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { twilioSignature } from './inbound-sms';

const BASE = '/messageorchestration/api/v1';
const SUBS = `${BASE}/phoneNumberSubscriptions`;
const INBOUND = `${BASE}/phoneNumberSubscriptions/inbound`;
const PUSH_SUBS = `${BASE}/recipients/webPushNotifications`;

let t: TestApp;
let f: TestFacility;
let other: TestFacility;
let push: LocalPushService;
let savedCa: https.AgentOptions['ca'];

beforeAll(async () => {
  push = await startLocalPushService();
  // The API's sender uses its push-service agent: let it trust the local push service's certificate.
  savedCa = pushServiceAgent.options.ca;
  pushServiceAgent.options.ca = push.ca;
  t = await buildTestApp();
  [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
});
afterAll(async () => {
  pushServiceAgent.options.ca = savedCa;
  await t?.close();
  await push?.close();
});

const call = async (
  staffMemberId: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: await t.headersFor(staffMemberId),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Twilio posting a text someone sent to one of our numbers, signed as Twilio signs it. */
const inbound = (fields: Record<string, string>, sign: 'valid' | 'wrong' | 'none' = 'valid') => {
  const url = `http://localhost:80${INBOUND}`;
  const signature = twilioSignature(t.config.SMS_WEBHOOK_DEV_TOKEN, url, fields);
  return t.app.inject({
    method: 'POST',
    url: INBOUND,
    headers: {
      host: 'localhost:80',
      'content-type': 'application/x-www-form-urlencoded',
      ...(sign === 'none'
        ? {}
        : { [TWILIO_SIGNATURE_HEADER]: sign === 'valid' ? signature : `x${signature.slice(1)}` }),
    },
    payload: new URLSearchParams(fields).toString(),
  });
};

describe('[NOTIFICATIONS][SMS]: phone number subscriptions and the inbound webhook', () => {
  it('records START and STOP replies to the alerts and tasks numbers (signature checked), read back per sender', async () => {
    const me = f.staff.caregiver;
    const status = async () =>
      (await call(me.id, 'GET', `${SUBS}?facilityRid=${f.facilityId}`)).json() as {
        senderPhoneNumber: string;
        status: string;
        topic: string;
      }[];
    // Nothing texted yet: not receiving from either number.
    expect(await status()).toEqual([
      {
        senderPhoneNumber: f.emergencyNotificationNumber,
        recipientPhoneNumber: me.phoneNumber,
        status: 'UNSUBSCRIBED',
        topic: 'ALERTS',
      },
      {
        senderPhoneNumber: f.taskNotificationNumber,
        recipientPhoneNumber: me.phoneNumber,
        status: 'UNSUBSCRIBED',
        topic: 'TASKS',
      },
    ]);

    const start = await inbound({
      From: me.phoneNumber,
      To: f.emergencyNotificationNumber,
      Body: 'START',
      MessageSid: 'SM1',
    });
    expect(start.statusCode).toBe(200);
    expect(start.headers['content-type']).toContain('text/xml');
    await inbound({ From: me.phoneNumber, To: f.taskNotificationNumber, Body: ' start ' });
    expect((await status()).map((s) => s.status)).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);

    await inbound({ From: me.phoneNumber, To: f.taskNotificationNumber, Body: 'STOP' });
    // Not a keyword: changes nothing.
    await inbound({ From: me.phoneNumber, To: f.emergencyNotificationNumber, Body: 'thanks' });
    expect((await status()).map((s) => s.status)).toEqual(['SUBSCRIBED', 'UNSUBSCRIBED']);

    // Unsigned or wrongly signed: refused, nothing recorded.
    expect(
      (await inbound({ From: me.phoneNumber, To: f.emergencyNotificationNumber, Body: 'STOP' }, 'none'))
        .statusCode,
    ).toBe(401);
    expect(
      (await inbound({ From: me.phoneNumber, To: f.emergencyNotificationNumber, Body: 'STOP' }, 'wrong'))
        .statusCode,
    ).toBe(401);
    expect((await status())[0]!.status).toBe('SUBSCRIBED');
    // A malformed number: 400 naming the field.
    const bad = await inbound({ From: 'nope', To: f.emergencyNotificationNumber, Body: 'STOP' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ issues: [{ field: 'body.From' }] });
  });

  it('POST sets the caller’s own number; others need management of the facility; bulk is management only', async () => {
    const nurse = f.staff.nurse;
    const own = await call(nurse.id, 'POST', `${SUBS}?facilityRid=${f.facilityId}`, {
      senderPhoneNumber: f.taskNotificationNumber,
      recipientPhoneNumber: nurse.phoneNumber,
      status: 'SUBSCRIBED',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: 'SUBSCRIBED', topic: 'TASKS' });

    const someoneElse = await call(nurse.id, 'POST', `${SUBS}?facilityRid=${f.facilityId}`, {
      senderPhoneNumber: f.taskNotificationNumber,
      recipientPhoneNumber: f.staff.housekeeper.phoneNumber,
    });
    expect(someoneElse.statusCode).toBe(403);

    const wrongSender = await call(nurse.id, 'POST', `${SUBS}?facilityRid=${f.facilityId}`, {
      senderPhoneNumber: other.emergencyNotificationNumber,
      recipientPhoneNumber: nurse.phoneNumber,
    });
    expect(wrongSender.statusCode).toBe(400);
    expect(wrongSender.json()).toMatchObject({
      issues: [{ field: 'body.senderPhoneNumber', rule: 'facility sender' }],
    });

    const bulk = await call(f.staff.manager.id, 'POST', `${SUBS}/bulk`, {
      facilityRid: f.facilityId,
      subscriptions: [
        {
          senderPhoneNumber: f.emergencyNotificationNumber,
          recipientPhoneNumber: f.staff.housekeeper.phoneNumber,
        },
        {
          senderPhoneNumber: f.emergencyNotificationNumber,
          recipientPhoneNumber: nurse.phoneNumber,
          status: 'UNSUBSCRIBED',
        },
      ],
    });
    expect(bulk.statusCode).toBe(200);
    expect((bulk.json() as { status: string }[]).map((s) => s.status)).toEqual([
      'SUBSCRIBED',
      'UNSUBSCRIBED',
    ]);
    // A manager of another facility cannot touch these numbers; a caregiver cannot bulk.
    const foreign = await call(other.staff.manager.id, 'POST', `${SUBS}/bulk`, {
      facilityRid: other.facilityId,
      subscriptions: [
        { senderPhoneNumber: other.emergencyNotificationNumber, recipientPhoneNumber: nurse.phoneNumber },
      ],
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      (
        await call(f.staff.caregiver.id, 'POST', `${SUBS}/bulk`, {
          facilityRid: f.facilityId,
          subscriptions: [],
        })
      ).statusCode,
    ).toBe(400);

    // Read with the list form of the query (repeated keys).
    const list = await call(
      f.staff.manager.id,
      'GET',
      `${SUBS}?facilityRid=${f.facilityId}&recipientPhoneNumbers=${encodeURIComponent(nurse.phoneNumber)}&senderPhoneNumbers=${encodeURIComponent(f.emergencyNotificationNumber)}`,
    );
    expect(list.json()).toEqual([
      {
        senderPhoneNumber: f.emergencyNotificationNumber,
        recipientPhoneNumber: nurse.phoneNumber,
        status: 'UNSUBSCRIBED',
        topic: 'ALERTS',
      },
    ]);
  });
});

describe('[NOTIFICATIONS][PUSH]: web push subscriptions, messages and delivery status', () => {
  it('records, searches and deletes the caller’s own push subscriptions', async () => {
    const me = f.staff.housekeeper;
    const sub = push.subscribe(`hk-${f.tag}`);
    const body = {
      recipientId: me.id,
      facilityRid: f.facilityId,
      endpoint: sub.endpoint,
      keys: sub.keys,
      expirationTime: null,
    };
    const created = await call(me.id, 'PUT', PUSH_SUBS, body);
    expect(created.statusCode).toBe(200);
    const rid = (created.json() as { webPushSubscriptionRid: string }).webPushSubscriptionRid;
    // Same endpoint again: the same record (new expiry).
    const again = await call(me.id, 'PUT', PUSH_SUBS, { ...body, expirationTime: 1_900_000_000_000 });
    expect(again.json()).toEqual({ webPushSubscriptionRid: rid });
    const found = await call(
      me.id,
      'GET',
      `${PUSH_SUBS}?recipientIds=${me.id}&endpoints=${encodeURIComponent(sub.endpoint)}`,
    );
    expect(found.json()).toEqual([
      {
        webPushSubscriptionRid: rid,
        recipientId: me.id,
        facilityRid: f.facilityId,
        endpoint: sub.endpoint,
        expirationTime: 1_900_000_000_000,
      },
    ]);
    // Not for someone else, and another's search needs management.
    expect((await call(me.id, 'PUT', PUSH_SUBS, { ...body, recipientId: f.staff.nurse.id })).statusCode).toBe(
      403,
    );
    expect(
      (await call(me.id, 'GET', `${PUSH_SUBS}?recipientIds=${f.staff.nurse.id}&facilityRid=${f.facilityId}`))
        .statusCode,
    ).toBe(403);
    const asManager = await call(
      f.staff.manager.id,
      'GET',
      `${PUSH_SUBS}?recipientIds=${me.id}&facilityRid=${f.facilityId}`,
    );
    expect((asManager.json() as unknown[]).length).toBe(1);
    expect(
      (
        await call(
          other.staff.manager.id,
          'GET',
          `${PUSH_SUBS}?recipientIds=${me.id}&facilityRid=${f.facilityId}`,
        )
      ).statusCode,
    ).toBe(403);
    // A bad endpoint: 400 naming it.
    const bad = await call(me.id, 'PUT', PUSH_SUBS, { ...body, endpoint: 'not a url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ issues: [{ field: 'body.endpoint' }] });

    const deleted = await call(
      me.id,
      'DELETE',
      `${PUSH_SUBS}?recipientIds=${me.id}&endpoints=${encodeURIComponent(sub.endpoint)}`,
    );
    expect(deleted.json()).toEqual({ deleted: 1 });
    expect((await call(me.id, 'GET', PUSH_SUBS)).json()).toEqual([]);
    expect((await call(me.id, 'DELETE', `${PUSH_SUBS}?recipientIds=${f.staff.nurse.id}`)).statusCode).toBe(
      403,
    );
  });

  it('a shared phone: the endpoint goes to the last person who records it, the previous one no longer gets its pushes', async () => {
    const { caregiver, nurse } = f.staff;
    const sub = push.subscribe(`shared-${f.tag}`);
    const record = (who: { id: string }) =>
      call(who.id, 'PUT', PUSH_SUBS, {
        recipientId: who.id,
        endpoint: sub.endpoint,
        keys: sub.keys,
        expirationTime: null,
      });
    expect((await record(caregiver)).statusCode).toBe(200);
    expect((await record(nurse)).statusCode).toBe(200);
    const rows = await t.db.prisma.webPushSubscription.findMany({
      where: { endpoint: sub.endpoint },
      select: { recipientId: true },
    });
    expect(rows).toEqual([{ recipientId: nurse.id }]);
    // The caregiver's own search no longer finds it: their next app start records their own endpoint.
    expect(
      (await call(caregiver.id, 'GET', `${PUSH_SUBS}?endpoints=${encodeURIComponent(sub.endpoint)}`)).json(),
    ).toEqual([]);
  });

  it('sends to recipient ids by push (decrypted at the push service) and text (SUBSCRIBED only, tasks number); the recipient reports RECEIVED then SHOWN', async () => {
    const { careAdmin, culinary, manager } = f.staff;
    const sub = push.subscribe(`ca-${f.tag}`);
    expect(
      (
        await call(careAdmin.id, 'PUT', PUSH_SUBS, {
          recipientId: careAdmin.id,
          endpoint: sub.endpoint,
          keys: sub.keys,
          expirationTime: null,
        })
      ).statusCode,
    ).toBe(200);
    const gone = push.subscribe(`ca-gone-${f.tag}`, 404);
    await call(careAdmin.id, 'PUT', PUSH_SUBS, {
      recipientId: careAdmin.id,
      endpoint: gone.endpoint,
      keys: gone.keys,
      expirationTime: null,
    });
    await t.db.prisma.phoneNumberSubscription.createMany({
      data: [
        {
          facilityId: f.facilityId,
          senderPhoneNumber: f.taskNotificationNumber,
          recipientPhoneNumber: culinary.phoneNumber,
          topic: 'TASKS',
          status: 'SUBSCRIBED',
        },
        {
          facilityId: f.facilityId,
          senderPhoneNumber: f.taskNotificationNumber,
          recipientPhoneNumber: careAdmin.phoneNumber,
          topic: 'TASKS',
          status: 'UNSUBSCRIBED',
        },
      ],
    });

    const res = await call(manager.id, 'POST', `${BASE}/messages/sendToRecipientIds`, {
      facilityRid: f.facilityId,
      topic: 'TASKS',
      title: 'Dining room',
      body: 'Please help set up for lunch',
      recipientIds: [careAdmin.id, culinary.id],
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json() as {
      messageRid: string;
      messagesSent: { messageSentRid: string; recipientId: string; channel: string; status: string }[];
    };
    const pushed = sent.messagesSent.filter((m) => m.channel === 'PUSH_NOTIFICATION');
    expect(pushed.map((m) => m.status).sort()).toEqual(['FAILED', 'SENT']);
    expect(sent.messagesSent.filter((m) => m.channel === 'SMS')).toEqual([
      { messageSentRid: expect.any(String), recipientId: culinary.id, channel: 'SMS', status: 'SENT' },
    ]);
    // The push, decrypted: the spec's push message data.
    const received = push.received.find((r) => r.path === `ca-${f.tag}`);
    const okPush = pushed.find((m) => m.status === 'SENT')!;
    expect(received?.payload).toEqual({
      title: 'Dining room',
      body: 'Please help set up for lunch',
      data: {
        isCheckIn: false,
        taskId: null,
        taskSeverity: null,
        messageRid: sent.messageRid,
        messageSentRid: okPush.messageSentRid,
        notificationCreateTime: expect.any(Number),
      },
      receiptToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    // The subscription the push service no longer knows (404) is gone.
    expect(await t.db.prisma.webPushSubscription.count({ where: { endpoint: gone.endpoint } })).toBe(0);
    // The text went through the outbox, from the tasks number.
    const outbox = await t.app.inject({
      method: 'GET',
      url: `/dev/api/v1/outbox?to=${encodeURIComponent(culinary.phoneNumber)}`,
    });
    expect(outbox.json()).toEqual([
      expect.objectContaining({
        from: f.taskNotificationNumber,
        body: 'Dining room: Please help set up for lunch',
      }),
    ]);

    // Delivery status from the recipient's browser.
    const url = `${BASE}/messages/${sent.messageRid}/messagesSent?messageSentRid=${okPush.messageSentRid}`;
    const receivedAt = Date.now() - 2000;
    const r1 = await call(careAdmin.id, 'PUT', url, { status: 'RECEIVED', statusTimestamp: receivedAt });
    expect(r1.json()).toMatchObject({ status: 'RECEIVED', statusTimestamp: receivedAt, unchanged: false });
    const r2 = await call(careAdmin.id, 'PUT', url, { status: 'SHOWN', statusTimestamp: receivedAt + 500 });
    expect(r2.json()).toMatchObject({ status: 'SHOWN', statusTimestamp: receivedAt + 500, unchanged: false });
    // A late RECEIVED does not move it back.
    const r3 = await call(careAdmin.id, 'PUT', url, {
      status: 'RECEIVED',
      statusTimestamp: receivedAt + 900,
    });
    expect(r3.json()).toMatchObject({ status: 'SHOWN', statusTimestamp: receivedAt + 500, unchanged: true });
    // Only the recipient reports; a bad status is a 400 naming the field.
    expect(
      (await call(manager.id, 'PUT', url, { status: 'SHOWN', statusTimestamp: receivedAt })).statusCode,
    ).toBe(403);
    const badStatus = await call(careAdmin.id, 'PUT', url, {
      status: 'CLICKED',
      statusTimestamp: receivedAt,
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toMatchObject({ issues: [{ field: 'body.status', rule: 'enum' }] });
    expect(
      (
        await call(
          careAdmin.id,
          'PUT',
          `${BASE}/messages/${sent.messageRid}/messagesSent?messageSentRid=nope`,
          { status: 'SHOWN', statusTimestamp: 1 },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('a push whose kept-alive connection the push service closes is sent again, once, on a new connection', async () => {
    const { careAdmin, manager } = f.staff;
    const sub = push.subscribe(`closing-${f.tag}`, CLOSE_CONNECTION_ONCE);
    await call(careAdmin.id, 'PUT', PUSH_SUBS, {
      recipientId: careAdmin.id,
      endpoint: sub.endpoint,
      keys: sub.keys,
      expirationTime: null,
    });
    const res = await call(manager.id, 'POST', `${BASE}/messages/sendToRecipientIds`, {
      facilityRid: f.facilityId,
      topic: 'TASKS',
      title: 'Hallway',
      body: 'Spill near the lift',
      recipientIds: [careAdmin.id],
    });
    expect(res.statusCode).toBe(201);
    // The delivery to this phone is SENT and its subscription kept.
    const subscription = await t.db.prisma.webPushSubscription.findFirstOrThrow({
      where: { endpoint: sub.endpoint },
      select: { id: true },
    });
    const { messageRid } = res.json() as { messageRid: string };
    expect(
      await t.db.prisma.messageSent.findMany({
        where: { messageId: messageRid, webPushSubscriptionId: subscription.id },
        select: { status: true, error: true },
      }),
    ).toEqual([{ status: 'SENT', error: null }]);
    // Delivered exactly once: the closed connection carried nothing.
    const delivered = push.received.filter((r) => r.path === `closing-${f.tag}`);
    expect(delivered.map((r) => (r.payload as { title: string }).title)).toEqual(['Hallway']);
  });

  it('the service worker reports delivery with the push’s receipt token instead of a bearer token; a wrong or another delivery’s token is refused', async () => {
    const caregiver = f.staff.caregiver;
    const sub = push.subscribe(`receipt-${f.tag}`);
    expect(
      (
        await call(caregiver.id, 'PUT', PUSH_SUBS, {
          recipientId: caregiver.id,
          endpoint: sub.endpoint,
          keys: sub.keys,
          expirationTime: null,
        })
      ).statusCode,
    ).toBe(200);
    type Payload = { data: { messageRid: string; messageSentRid: string }; receiptToken: string };
    const sendOne = async (title: string): Promise<Payload> => {
      const res = await call(f.staff.manager.id, 'POST', `${BASE}/messages/sendToRecipientIds`, {
        facilityRid: f.facilityId,
        title,
        body: 'Receipt test',
        recipientIds: [caregiver.id],
      });
      expect(res.statusCode).toBe(201);
      const received = push.received.find(
        (r) => r.path === `receipt-${f.tag}` && (r.payload as { title: string }).title === title,
      );
      return received!.payload as Payload;
    };
    const first = await sendOne('Receipt one');
    const second = await sendOne('Receipt two');
    expect(first.receiptToken).not.toBe(second.receiptToken);

    // No Authorization header: only the receipt, as the service worker sends it.
    const report = (p: { messageRid: string; messageSentRid: string }, token: string | null, body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `${BASE}/messages/${p.messageRid}/messagesSent?messageSentRid=${p.messageSentRid}`,
        headers: token === null ? {} : { [PUSH_RECEIPT_HEADER]: token },
        payload: body,
      });
    const at = Date.now() - 1_000;
    const received = await report(first.data, first.receiptToken, {
      status: 'RECEIVED',
      statusTimestamp: at,
    });
    expect(received.statusCode).toBe(200);
    expect(received.json()).toMatchObject({ status: 'RECEIVED', statusTimestamp: at, unchanged: false });
    const shown = await report(first.data, first.receiptToken, { status: 'SHOWN', statusTimestamp: at + 40 });
    expect(shown.json()).toMatchObject({ status: 'SHOWN', statusTimestamp: at + 40, unchanged: false });
    expect(
      await t.db.prisma.messageSent.findUniqueOrThrow({
        where: { id: first.data.messageSentRid },
        select: { status: true, statusTimestamp: true, recipientId: true },
      }),
    ).toEqual({ status: 'SHOWN', statusTimestamp: new Date(at + 40), recipientId: caregiver.id });

    // A wrong token: 401 naming the header; nothing recorded.
    const wrongToken = `${first.receiptToken.slice(0, -1)}${first.receiptToken.endsWith('A') ? 'B' : 'A'}`;
    const wrong = await report(second.data, wrongToken, { status: 'SHOWN', statusTimestamp: at });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'invalid_receipt',
      message: expect.stringContaining(PUSH_RECEIPT_HEADER),
    });
    // The token of another delivery (the first push's) does not report the second one.
    const other = await report(second.data, first.receiptToken, { status: 'SHOWN', statusTimestamp: at });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ code: 'invalid_receipt' });
    // Nor the same delivery under another message.
    const moved = await report(
      { messageRid: first.data.messageRid, messageSentRid: second.data.messageSentRid },
      second.receiptToken,
      { status: 'SHOWN', statusTimestamp: at },
    );
    expect(moved.statusCode).toBe(401);
    expect(
      (
        await t.db.prisma.messageSent.findUniqueOrThrow({
          where: { id: second.data.messageSentRid },
          select: { status: true },
        })
      ).status,
    ).toBe('SENT');
    // Neither receipt nor bearer token: login required. Validation still comes first.
    const none = await report(second.data, null, { status: 'SHOWN', statusTimestamp: at });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'login_required' });
    const invalid = await report(second.data, null, { status: 'CLICKED', statusTimestamp: at });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ issues: [{ field: 'body.status', rule: 'enum' }] });
    // The right token for the second delivery works.
    expect(
      (await report(second.data, second.receiptToken, { status: 'SHOWN', statusTimestamp: at })).json(),
    ).toMatchObject({ status: 'SHOWN', unchanged: false });
  });

  it('POST /messages sends to the members of groups; recipients and groups must be of the facility', async () => {
    const res = await call(f.staff.manager.id, 'POST', `${BASE}/messages`, {
      facilityRid: f.facilityId,
      title: 'Fire drill',
      body: 'At 3 pm',
      groupIds: [f.groups.Housekeeping],
    });
    expect(res.statusCode).toBe(201);
    const message = await t.db.prisma.message.findUniqueOrThrow({
      where: { id: (res.json() as { messageRid: string }).messageRid },
    });
    expect(message).toMatchObject({
      facilityId: f.facilityId,
      title: 'Fire drill',
      createdById: f.staff.manager.id,
      topic: 'TASKS',
    });

    const foreignGroup = await call(f.staff.manager.id, 'POST', `${BASE}/messages`, {
      facilityRid: f.facilityId,
      title: 'x',
      body: 'y',
      groupIds: [other.groups.Housekeeping],
    });
    expect(foreignGroup.statusCode).toBe(400);
    expect(foreignGroup.json()).toMatchObject({ issues: [{ field: 'body.groupIds.0', rule: 'exists' }] });
    const foreignPerson = await call(f.staff.manager.id, 'POST', `${BASE}/messages/sendToRecipientIds`, {
      facilityRid: f.facilityId,
      title: 'x',
      body: 'y',
      recipientIds: [other.staff.caregiver.id],
    });
    expect(foreignPerson.statusCode).toBe(400);
    expect(foreignPerson.json()).toMatchObject({
      issues: [{ field: 'body.recipientIds.0', rule: 'exists' }],
    });
    // Operations staff do not send; nobody sends into another facility.
    expect(
      (
        await call(f.staff.housekeeper.id, 'POST', `${BASE}/messages`, {
          facilityRid: f.facilityId,
          title: 'x',
          body: 'y',
          groupIds: [f.groups.Housekeeping],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(other.staff.manager.id, 'POST', `${BASE}/messages`, {
          facilityRid: f.facilityId,
          title: 'x',
          body: 'y',
          groupIds: [f.groups.Housekeeping],
        })
      ).statusCode,
    ).toBe(403);
    // Unauthenticated: 401.
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/webPush/vapidPublicKey` })).statusCode).toBe(
      401,
    );
    const key = await call(f.staff.caregiver.id, 'GET', `${BASE}/webPush/vapidPublicKey`);
    expect((key.json() as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
  });
});

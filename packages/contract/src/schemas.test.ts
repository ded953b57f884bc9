import { describe, expect, it } from 'vitest';
import { ZLogCareRequestSchema } from './care-api';
import { ZErrorReplySchema, zQueryArray } from './common';
import {
  INGEST_BATCH_MAX_EVENTS,
  parseIngestEventBatchFast,
  parseIngestEventFast,
  ZIngestEventBatchRequestSchema,
  ZIngestEventRequestSchema,
  ZIngestEventTypeSchema,
} from './ingest';
import { ZLiveClientMessageSchema, ZLiveServerMessageSchema } from './live';
import {
  ZPasswordlessStartRequestSchema,
  ZPasswordlessVerifyReplySchema,
  ZPasswordlessVerifyRequestSchema,
  ZTokenRefreshRequestSchema,
} from './signin';
import { LoginErrorCode } from './signin-constants';
import { ZResolveTaskRequestSchema } from './task-requests';
import { ZListUnitsQuerySchema, ZUnitSchema } from './units';

describe('common error reply', () => {
  it('accepts a 400 that names the field and the rule', () => {
    const reply = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'pageSize: Too big',
      code: 'VALIDATION_FAILED',
      issues: [{ field: 'pageSize', rule: 'too_big', message: 'Too big' }],
    };
    expect(ZErrorReplySchema.parse(reply)).toEqual(reply);
  });
  it('rejects a reply without a message', () => {
    expect(ZErrorReplySchema.safeParse({ statusCode: 404, error: 'Not Found' }).success).toBe(false);
  });
});

describe('zQueryArray: "Array query values repeat the key"', () => {
  const schema = zQueryArray(ZIngestEventTypeSchema);
  it.each([
    ['BUTTON_PRESS', ['BUTTON_PRESS']],
    [
      ['BUTTON_PRESS', 'DOOR_OPEN'],
      ['BUTTON_PRESS', 'DOOR_OPEN'],
    ],
  ])('%j -> %j', (input, output) => {
    expect(schema.parse(input)).toEqual(output);
  });
});

describe('units list contract', () => {
  it('defaults pageSize to 1000 and pageNumber to 0', () => {
    expect(ZListUnitsQuerySchema.parse({ facilityId: 'f1' })).toEqual({
      facilityId: 'f1',
      pageSize: 1000,
      pageNumber: 0,
    });
  });
  it('coerces query strings', () => {
    expect(ZListUnitsQuerySchema.parse({ pageSize: '50', pageNumber: '2', careType: 'MEMORY_CARE' })).toEqual(
      {
        pageSize: 50,
        pageNumber: 2,
        careType: 'MEMORY_CARE',
      },
    );
  });
  it.each([
    [{ pageSize: '0' }, 'pageSize'],
    [{ pageSize: '1001' }, 'pageSize'],
    [{ pageSize: '1.5' }, 'pageSize'],
    [{ pageNumber: '-1' }, 'pageNumber'],
    [{ careType: 'HOTEL' }, 'careType'],
  ])('rejects %j on %s', (query, field) => {
    const result = ZListUnitsQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
  it('a unit carries nullable location strings and phone number', () => {
    const unit = {
      id: 'u1',
      displayName: '101',
      careType: 'ASSISTED_LIVING',
      ward: null,
      building: 'A',
      wing: null,
      floor: '1',
      phoneNumber: null,
      facilityId: 'f1',
    };
    expect(ZUnitSchema.parse(unit)).toEqual(unit);
  });
});

describe('device ingest contract', () => {
  it('"type is one of BUTTON_PRESS, DOOR_OPEN, DOOR_CLOSED, FALL_DETECTED, M3_BATH_TRIGGERED, M3_BATH_CANCELED, M3_ALERT_TRIGGERED, M3_ALERT_CANCELED, HEARTBEAT"', () => {
    expect(ZIngestEventTypeSchema.options).toEqual([
      'BUTTON_PRESS',
      'DOOR_OPEN',
      'DOOR_CLOSED',
      'FALL_DETECTED',
      'M3_BATH_TRIGGERED',
      'M3_BATH_CANCELED',
      'M3_ALERT_TRIGGERED',
      'M3_ALERT_CANCELED',
      'HEARTBEAT',
    ]);
  });
  it('accepts { eventId, hardwareId, type, timestamp, batteryLevel? }', () => {
    const event = {
      eventId: 'e1',
      hardwareId: 'hw1',
      type: 'BUTTON_PRESS',
      timestamp: '2025-01-01T10:00:00Z',
    };
    expect(ZIngestEventRequestSchema.parse(event)).toEqual(event);
    expect(ZIngestEventRequestSchema.parse({ ...event, batteryLevel: -1 }).batteryLevel).toBe(-1);
  });
  it.each([[{ type: 'PRESS' }], [{ timestamp: 'yesterday' }], [{ batteryLevel: 101 }], [{ eventId: '' }]])(
    'rejects %j',
    (change) => {
      const event = {
        eventId: 'e1',
        hardwareId: 'hw1',
        type: 'BUTTON_PRESS',
        timestamp: '2025-01-01T10:00:00Z',
      };
      expect(ZIngestEventRequestSchema.safeParse({ ...event, ...change }).success).toBe(false);
    },
  );

  // The ingest's hot path (decision 0860): the schema's output for what it accepts, undefined for anything else.
  it('parseIngestEventFast accepts exactly what the schema accepts, with the same output', () => {
    const base = { eventId: 'e1', hardwareId: 'hw1', type: 'HEARTBEAT', timestamp: '2026-11-29T10:00:00Z' };
    const changes: Record<string, unknown>[] = [
      {},
      { batteryLevel: 0 },
      { batteryLevel: -1 },
      { batteryLevel: 100 },
      { batteryLevel: -0 },
      { batteryLevel: 101 },
      { batteryLevel: -2 },
      { batteryLevel: 50.5 },
      { batteryLevel: '50' },
      { batteryLevel: null },
      { extra: 'dropped', another: { nested: true } },
      ...ZIngestEventTypeSchema.options.map((type) => ({ type })),
      { type: 'PRESS' },
      { type: 'heartbeat' },
      { type: 'toString' },
      { type: 'constructor' },
      { type: null },
      { type: undefined },
      { eventId: '' },
      { eventId: 'x'.repeat(200) },
      { eventId: 'x'.repeat(201) },
      { eventId: 'a\u0000b' },
      { eventId: 'line\nbreak' },
      { eventId: 'tab\t' },
      { eventId: '\u007f' },
      { eventId: '\u0085next' },
      { eventId: 'café ☕ 𝄞' },
      { eventId: 12 },
      { eventId: null },
      { hardwareId: '' },
      { hardwareId: 'H'.repeat(201) },
      { hardwareId: '\u0007bell' },
      { hardwareId: ['hw'] },
      { timestamp: '2025-01-01T10:00:00.123456789+05:30' },
      { timestamp: '2025-01-01T10:00:00-00:00' },
      { timestamp: '2025-01-01T10:00:00' },
      { timestamp: '2025-01-01T10:00Z' },
      { timestamp: '2025-01-01 10:00:00Z' },
      { timestamp: '2025-02-29T10:00:00Z' },
      { timestamp: '2024-02-29T10:00:00Z' },
      { timestamp: '2025-13-01T10:00:00Z' },
      { timestamp: '2025-01-01T24:00:00Z' },
      { timestamp: '2025-01-01T10:00:00+24:00' },
      { timestamp: '2025-01-01T10:00:00+0530' },
      { timestamp: '0000-01-01T00:00:00Z' },
      { timestamp: '1999-12-31T23:59:59Z' },
      { timestamp: '2000-01-01T00:00:00+01:00' },
      { timestamp: '2099-12-31T23:59:59-01:00' },
      { timestamp: '2000-01-01T00:30:00+01:00' },
      { timestamp: '2000-01-01T00:00:00-01:00' },
      { timestamp: '2000-01-01T00:00:00Z' },
      { timestamp: '2099-12-31T23:00:00+01:00' },
      { timestamp: '2099-12-31T23:59:59Z' },
      { timestamp: '2001-01-01T00:00:00+23:59' },
      { timestamp: '2098-12-31T23:59:59-23:59' },
      { timestamp: '2100-01-01T00:00:00Z' },
      { timestamp: '10000-01-01T00:00:00Z' },
      { timestamp: '+010000-01-01T00:00:00Z' },
      { timestamp: 'yesterday' },
      { timestamp: 1764410400000 },
      { timestamp: undefined },
    ];
    const inputs: unknown[] = [
      ...changes.map((change) => ({ ...base, ...change })),
      null,
      [],
      [base],
      'text',
      42,
      {},
      { eventId: 'e1' },
    ];
    let accepted = 0;
    for (const input of inputs) {
      const zod = ZIngestEventRequestSchema.safeParse(input);
      const fast = parseIngestEventFast(input);
      if (!zod.success) expect(fast, JSON.stringify(input)).toBeUndefined();
      else {
        accepted++;
        // Every valid body here takes the fast path, with the schema's own output (keys and order).
        expect(fast, JSON.stringify(input)).toEqual(zod.data);
        expect(Object.keys(fast as object)).toEqual(Object.keys(zod.data));
        expect(Object.is(fast?.batteryLevel, zod.data.batteryLevel)).toBe(true);
      }
    }
    expect(accepted).toBeGreaterThan(15);
  });

  // A gateway's batch (decision 0920): the same rule for each event, 1 to INGEST_BATCH_MAX_EVENTS of them.
  it('parseIngestEventBatchFast accepts exactly what the batch schema accepts, with the same output', () => {
    const event = (n: number, extra: Record<string, unknown> = {}) => ({
      eventId: `e${n}`,
      hardwareId: `hw${n}`,
      type: 'HEARTBEAT',
      timestamp: '2026-11-29T10:00:00Z',
      ...extra,
    });
    const many = (count: number) => Array.from({ length: count }, (_, n) => event(n, { batteryLevel: 90 }));
    const inputs: unknown[] = [
      { events: [event(1)] },
      { events: [event(1), event(2, { type: 'BUTTON_PRESS', extra: 'dropped' })] },
      { events: many(INGEST_BATCH_MAX_EVENTS) },
      { events: many(INGEST_BATCH_MAX_EVENTS + 1) },
      { events: [] },
      { events: [event(1), event(2, { timestamp: 'yesterday' })] },
      { events: [event(1), null] },
      { events: [event(1), [event(2)]] },
      { events: event(1) },
      { events: 'x' },
      { event: [event(1)] },
      [event(1)],
      null,
      {},
    ];
    let accepted = 0;
    for (const input of inputs) {
      const zod = ZIngestEventBatchRequestSchema.safeParse(input);
      const fast = parseIngestEventBatchFast(input);
      if (!zod.success) expect(fast, JSON.stringify(input).slice(0, 200)).toBeUndefined();
      else {
        accepted++;
        expect(fast).toEqual(zod.data);
      }
    }
    expect(accepted).toBe(3);
  });
});

describe('live socket protocol', () => {
  it('parses the auth frame, with sinceVersion when reconnecting', () => {
    expect(ZLiveClientMessageSchema.parse({ type: 'auth', accessToken: 't', staffMemberId: 's' })).toEqual({
      type: 'auth',
      accessToken: 't',
      staffMemberId: 's',
    });
    expect(
      ZLiveClientMessageSchema.parse({ type: 'auth', accessToken: 't', staffMemberId: 's', sinceVersion: 7 }),
    ).toMatchObject({ sinceVersion: 7 });
  });
  it.each([
    [{ type: 'ready', version: 3 }],
    [
      {
        type: 'task.changed',
        taskId: 't1',
        facilityId: 'f1',
        status: 'OPEN_CLAIMED',
        severity: 'EMERGENCY',
        version: 4,
      },
    ],
    [{ type: 'resync' }],
  ])('parses server frame %j', (frame) => {
    expect(ZLiveServerMessageSchema.parse(frame)).toEqual(frame);
  });
  it('rejects an unknown frame type', () => {
    expect(ZLiveServerMessageSchema.safeParse({ type: 'hello' }).success).toBe(false);
  });
});

describe('sign-in contract', () => {
  it('start takes { phoneNumber }', () => {
    expect(ZPasswordlessStartRequestSchema.parse({ phoneNumber: '+14155550100' })).toEqual({
      phoneNumber: '+14155550100',
    });
  });
  it('verify takes { phoneNumber, code } with a 6-digit code', () => {
    expect(
      ZPasswordlessVerifyRequestSchema.safeParse({ phoneNumber: '+14155550100', code: '123456' }).success,
    ).toBe(true);
    expect(
      ZPasswordlessVerifyRequestSchema.safeParse({ phoneNumber: '+14155550100', code: '12345' }).success,
    ).toBe(false);
    expect(
      ZPasswordlessVerifyRequestSchema.safeParse({ phoneNumber: '+14155550100', code: '12345a' }).success,
    ).toBe(false);
  });
  it('verify replies { accessToken, refreshToken, expiresIn, staffMemberId }', () => {
    const reply = { accessToken: 'a', refreshToken: 'r', expiresIn: 3600, staffMemberId: 's1' };
    expect(ZPasswordlessVerifyReplySchema.parse(reply)).toEqual(reply);
  });
  it('token refresh takes { refreshToken }', () => {
    expect(ZTokenRefreshRequestSchema.safeParse({}).success).toBe(false);
  });
  it('login error codes include access_denied, mfa_invalid_code and too_many_attempts', () => {
    expect(Object.values(LoginErrorCode)).toEqual(
      expect.arrayContaining(['access_denied', 'mfa_invalid_code', 'too_many_attempts']),
    );
  });
});

describe('resolve task body', () => {
  it('needs at least one care outcome and applies defaults', () => {
    const parsed = ZResolveTaskRequestSchema.parse({
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_BATHING' }],
    });
    expect(parsed).toMatchObject({
      observations: [],
      bypassCareConfirmationChecks: false,
      respondingStaffRids: [],
    });
    expect(
      ZResolveTaskRequestSchema.safeParse({ alertOutcomeType: 'FALSE_ALARM', careOutcomes: [] }).success,
    ).toBe(false);
  });

  it.each([
    [1, true],
    [5, true],
    [0, false],
    [6, false],
    [2.5, false],
  ])('"staff-assist counter 1 to 5": staffAssistCount %s -> %s', (staffAssistCount, ok) => {
    const body = {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_BATHING' }],
      staffAssistCount,
    };
    expect(ZResolveTaskRequestSchema.safeParse(body).success).toBe(ok);
    const { alertOutcomeType: _unused, ...careLog } = body;
    expect(ZLogCareRequestSchema.safeParse({ ...careLog, residentId: 'r1' }).success).toBe(ok);
  });
});

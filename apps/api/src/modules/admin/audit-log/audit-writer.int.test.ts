import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { type AuditRecord, AuditWriter } from './audit-writer';

/** The batch insert (decision 0463): every field as given, enterprises by facility, rows in the batch's order. */
describe('[ADMIN][AUDIT LOG][WRITER]: a batch is stored as recorded, in order', () => {
  let t: TestApp;
  let f: TestFacility;

  beforeAll(async () => {
    t = await buildTestApp();
    f = await createTestFacility(t.db.prisma);
  });
  afterAll(() => t.close());

  it('keeps every field, the order, an unknown facility id without enterprise, and resolves the rest', async () => {
    const writer = new AuditWriter(t.db.prisma, { log: { error: () => {} }, batchSize: 50 });
    const route = `/writer-test/${Date.now()}`;
    const at = new Date('2026-11-24T10:00:00.123Z');
    const record = (over: Partial<AuditRecord>): AuditRecord => ({
      occurredAt: at,
      staffMemberId: f.staff.nurse.id,
      facilityId: f.facilityId,
      action: 'READ',
      dataCategory: 'PHI',
      method: 'GET',
      route,
      params: {},
      resourceIds: [],
      statusCode: 200,
      clientAddress: '203.0.113.7',
      userAgent: 'agent "quoted" \\ é',
      ...over,
    });
    const resident = f.residents.AL.id;
    const batch = [
      record({ params: { residentId: resident, note: 'x' }, resourceIds: [resident, 'second'] }),
      record({ facilityId: 'no-such-facility', action: 'CREATE', method: 'POST', statusCode: 403 }),
      // No facility in the request: the resident's.
      record({
        facilityId: null,
        resourceIds: [resident],
        dataCategory: null,
        clientAddress: null,
        userAgent: null,
      }),
      record({ staffMemberId: null, facilityId: null, occurredAt: new Date('2026-11-24T10:00:01.999Z') }),
    ];
    for (const row of batch) writer.record(row);
    await writer.flush();
    const stored = await t.db.prisma.auditLogEntry.findMany({ where: { route }, orderBy: { id: 'asc' } });
    expect(
      stored.map(({ id: _id, ...rest }) => ({ ...rest, occurredAt: rest.occurredAt.toISOString() })),
    ).toEqual([
      {
        ...batch[0],
        occurredAt: at.toISOString(),
        enterpriseId: f.enterpriseId,
      },
      { ...batch[1], occurredAt: at.toISOString(), enterpriseId: null },
      { ...batch[2], occurredAt: at.toISOString(), facilityId: f.facilityId, enterpriseId: f.enterpriseId },
      { ...batch[3], occurredAt: '2026-11-24T10:00:01.999Z', enterpriseId: null },
    ]);
    expect(writer.pending).toBe(0);
  });
});

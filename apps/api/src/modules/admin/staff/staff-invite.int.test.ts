import type { TStaffMember } from '@sage/contract';
import { createTestFacility, randomTestPhoneNumber, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1';

/** Issue #32 manager point 2, decision 0603: Send Invite texts the new staff member how to sign in. */
describe('[ADMIN][STAFF][INVITE]: an invited staff member is texted where the app is and how to sign in, in their language', () => {
  let t: TestApp;
  let f: TestFacility;
  let facilityName: string;

  const post = async (url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}${url}`,
      headers: { ...(await t.headersFor(f.staff.manager.id)), host: 'sage.example.test' },
      payload,
    });
  const invite = (phoneNumber: string, overrides: Record<string, unknown> = {}) => ({
    facilityId: f.facilityId,
    firstName: 'Riley',
    lastName: 'Invite',
    phoneNumber,
    groupIds: [f.groups.CareStaff],
    ...overrides,
  });
  /** The texts of the local outbox to a number, newest first (the SMS transport without Twilio credentials). */
  const textsTo = async (phoneNumber: string): Promise<string[]> => {
    const res = await t.app.inject({ url: `/dev/api/v1/outbox?to=${encodeURIComponent(phoneNumber)}` });
    return (res.json() as { body: string }[]).map((m) => m.body);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    f = await createTestFacility(t.db.prisma);
    facilityName = (await t.db.prisma.facility.findUniqueOrThrow({ where: { id: f.facilityId } })).name;
  });
  afterAll(() => t.close());

  it('English by default: the app address, the phone number and a texted code', async () => {
    const phone = randomTestPhoneNumber();
    expect(await textsTo(phone)).toEqual([]);
    const res = await post('/staff', invite(phone));
    expect(res.statusCode).toBe(201);
    expect((res.json() as TStaffMember).language).toBe('en');
    expect(await textsTo(phone)).toEqual([
      `You have been invited to Sage Care at ${facilityName}. Open http://sage.example.test on your phone and sign in with your phone number: we text you a code.`,
    ]);
  });

  it('in Spanish for a person invited in Spanish', async () => {
    const phone = randomTestPhoneNumber();
    const res = await post('/staff', invite(phone, { language: 'es' }));
    expect(res.statusCode).toBe(201);
    expect((res.json() as TStaffMember).language).toBe('es');
    expect(await textsTo(phone)).toEqual([
      `Le han invitado a Sage Care en ${facilityName}. Abra http://sage.example.test en su teléfono e inicie sesión con su número de teléfono: le enviaremos un código por mensaje de texto.`,
    ]);
  });

  it('each person of a bulk invite, in their own language; a refused invite texts nobody', async () => {
    const [en, es] = [randomTestPhoneNumber(), randomTestPhoneNumber()];
    const res = await post('/staff/bulk', {
      staffMembers: [invite(en, { lastName: 'Bulk' }), invite(es, { lastName: 'Bulk', language: 'es' })],
    });
    expect(res.statusCode).toBe(201);
    expect(await textsTo(en)).toEqual([expect.stringMatching(/^You have been invited to Sage Care/)]);
    expect(await textsTo(es)).toEqual([expect.stringMatching(/^Le han invitado a Sage Care/)]);

    const refused = randomTestPhoneNumber();
    const bad = await post('/staff', invite(refused, { language: 'fr' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('language');
    expect(await textsTo(refused)).toEqual([]);
  });
});

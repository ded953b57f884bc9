import type { TStaffMember } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1';
const START = '/auth/api/v1/passwordless/start';

describe('[ADMIN][STAFF][I18N]: a staff member language, seen and set by a manager and by the person, and the sign-in code in it', () => {
  let t: TestApp;
  let f: TestFacility;
  let address = 0;

  const call = async (as: string, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: await t.headersFor(as),
      ...(payload ? { payload } : {}),
    });

  const newestText = async (phoneNumber: string): Promise<string> => {
    const res = await t.app.inject({ url: `/dev/api/v1/outbox?to=${encodeURIComponent(phoneNumber)}` });
    return (res.json() as { body: string }[])[0]!.body;
  };
  const start = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: START, payload, remoteAddress: `10.9.0.${++address}` });

  beforeAll(async () => {
    t = await buildTestApp();
    f = await createTestFacility(t.db.prisma);
  });
  afterAll(() => t.close());

  it('English by default; a manager sets Spanish and sees it; the person sets it back; a bad value is a 400 naming the field', async () => {
    const { manager, caregiver } = f.staff;
    const read = async () => (await call(manager.id, 'GET', `/staff/${caregiver.id}`)).json() as TStaffMember;
    expect((await read()).language).toBe('en');

    const set = await call(manager.id, 'PUT', `/staff/${caregiver.id}`, { language: 'es' });
    expect(set.statusCode).toBe(200);
    expect((set.json() as TStaffMember).language).toBe('es');
    expect((await read()).language).toBe('es');

    const own = await call(caregiver.id, 'PUT', `/staff/${caregiver.id}`, { language: 'en' });
    expect(own.statusCode).toBe(200);
    expect((await read()).language).toBe('en');

    const bad = await call(manager.id, 'PUT', `/staff/${caregiver.id}`, { language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('language');
  });

  it("a caregiver cannot set another person's language", async () => {
    const res = await call(f.staff.caregiver.id, 'PUT', `/staff/${f.staff.nurse.id}`, { language: 'es' });
    expect(res.statusCode).toBe(403);
  });

  it("the sign-in code goes out in the person's language, or in the one the sign-in screen shows", async () => {
    const { nurse } = f.staff;
    await t.db.prisma.staffMember.update({ where: { id: nurse.id }, data: { language: 'es' } });
    expect((await start({ phoneNumber: nurse.phoneNumber })).statusCode).toBe(200);
    expect(await newestText(nurse.phoneNumber)).toMatch(
      /^\d{6} es su código de verificación de Sage Care\. Vence en 10 minutos\. No lo comparta\.$/,
    );
    await t.db.prisma.$executeRaw`DELETE FROM "LoginCode" WHERE "phoneNumber" = ${nurse.phoneNumber}`;
    expect((await start({ phoneNumber: nurse.phoneNumber, language: 'en' })).statusCode).toBe(200);
    expect(await newestText(nurse.phoneNumber)).toMatch(
      /^\d{6} is your Sage Care verification code\. It expires in 10 minutes\. Do not share it\.$/,
    );
  });
});

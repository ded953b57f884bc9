import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashGatewayKey } from './gateway-key';
import { cachedGatewayLookupByHash } from './gateways';

/**
 * The ingest's gateway lookup (decision 0940): a known key is remembered (no statement for it on the next
 * request), and the remembered keys are checked again together every recheck interval, so a key removed by hand
 * stops working within it.
 */
describe('[WORKER][INGEST][GATEWAYS]: known gateway keys remembered and checked again together', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let a: TestFacility;
  let b: TestFacility;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    // The drop at the end ends its idle connections.
    pool.on('error', () => undefined);
    [a, b] = await Promise.all([createTestFacility(db.prisma), createTestFacility(db.prisma)]);
  });
  afterAll(async () => {
    await pool.end().catch(() => undefined);
    await db.drop();
  });

  const gatewayOf = (f: TestFacility) => ({ id: f.gateway.id, facilityId: f.facilityId });

  it('looks a key up once, then answers from memory until the recheck', async () => {
    const lookup = cachedGatewayLookupByHash(pool, { recheckMs: 60_000 });
    const hash = hashGatewayKey(a.gateway.key);
    const first = lookup(hash);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toEqual(gatewayOf(a));
    // Remembered: answered at once, not in a promise (no statement).
    expect(lookup(hash)).toEqual(gatewayOf(a));
    // An unknown key is always looked up, and refused.
    const unknown = lookup(hashGatewayKey('no such key'));
    expect(unknown).toBeInstanceOf(Promise);
    expect(await unknown).toBeNull();
    expect(lookup.rechecking()).toBeNull();
  });

  it('forgets a key removed by hand at the first recheck, and keeps the others', async () => {
    const lookup = cachedGatewayLookupByHash(pool, { recheckMs: 200 });
    const hashA = hashGatewayKey(a.gateway.key);
    const hashB = hashGatewayKey(b.gateway.key);
    expect(await lookup(hashA)).toEqual(gatewayOf(a));
    expect(await lookup(hashB)).toEqual(gatewayOf(b));
    // B's key replaced by hand (an operator revoking it).
    await db.prisma.facilityGateway.update({ where: { id: b.gateway.id }, data: { keyHash: 'revoked' } });
    // Until the interval ends, B is still answered from memory.
    expect(lookup(hashB)).toEqual(gatewayOf(b));
    await new Promise((resolve) => setTimeout(resolve, 250));
    // The first request after the interval starts the recheck of every remembered key (and is answered as before).
    expect(lookup(hashA)).toEqual(gatewayOf(a));
    const recheck = lookup.rechecking();
    expect(recheck).toBeInstanceOf(Promise);
    await recheck;
    // B is forgotten: looked up again, and no longer known. A is still remembered.
    const again = lookup(hashB);
    expect(again).toBeInstanceOf(Promise);
    expect(await again).toBeNull();
    expect(lookup(hashA)).toEqual(gatewayOf(a));
  });

  it('forgets every key it could not check', async () => {
    const own = new pg.Pool({ connectionString: db.url, max: 1 });
    const lookup = cachedGatewayLookupByHash(own, { recheckMs: 100 });
    const hashA = hashGatewayKey(a.gateway.key);
    expect(await lookup(hashA)).toEqual(gatewayOf(a));
    await own.end();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(lookup(hashA)).toEqual(gatewayOf(a));
    await lookup.rechecking();
    // Not answered from memory any more: looked up again (and that lookup meets the lost database).
    const again = lookup(hashA);
    expect(again).toBeInstanceOf(Promise);
    await expect(again).rejects.toThrow();
  });
});

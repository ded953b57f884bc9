import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from './client';
import { createEmptyDatabase } from './testing';

/**
 * A Prisma client's connections carry the process's name in pg_stat_activity (`applicationName`): an operator and
 * the benchmarks' CPU by process tell the API's from the job process's by it (decision 0540).
 */
let db: { url: string; drop(): Promise<void> };
let named: PrismaClient;
let unnamed: PrismaClient;

beforeAll(async () => {
  db = await createEmptyDatabase();
  named = createPrisma(db.url, { max: 1, applicationName: 'sage-test-named' });
  unnamed = createPrisma(db.url, { max: 1 });
});
afterAll(async () => {
  await named?.$disconnect();
  await unnamed?.$disconnect();
  await db?.drop();
});

const ownName = async (prisma: PrismaClient) =>
  (await prisma.$queryRawUnsafe<{ name: string }[]>("SELECT current_setting('application_name') AS name"))[0]!
    .name;

describe('createPrisma', () => {
  it("names its connections with applicationName, and leaves the URL's (none here) otherwise", async () => {
    expect(await ownName(named)).toBe('sage-test-named');
    expect(await ownName(unnamed)).toBe('');
  });

  it("an application_name in the URL wins over the option (the read path's tests name theirs so)", async () => {
    const url = new URL(db.url);
    url.searchParams.set('application_name', 'from-url');
    const prisma = createPrisma(url.toString(), { max: 1, applicationName: 'sage-test-named' });
    try {
      expect(await ownName(prisma)).toBe('from-url');
    } finally {
      await prisma.$disconnect();
    }
  });
});

import { createPrisma } from '@sage/db';
import pg from 'pg';
import { RESPONSE_TIMES_STATEMENTS } from '../../../apps/api/src/modules/insights/response-times/response-times';
const p = createPrisma(process.env.URL!);
const fid = process.env.FID!;
const day = (o: number) => new Date(Date.now() + o * 86_400_000).toISOString().slice(0, 10);
for (let i = 0; i < 5; i++) {
  let t = performance.now();
  const rows = await p.$queryRawUnsafe<any[]>(RESPONSE_TIMES_STATEMENTS[0]!, fid, day(-365), day(0));
  const a = performance.now() - t;
  const c = new pg.Client({ connectionString: process.env.URL }); await c.connect();
  t = performance.now();
  const r2 = await c.query(RESPONSE_TIMES_STATEMENTS[0]!, [fid, day(-365), day(0)]);
  const b = performance.now() - t;
  await c.end();
  console.log(rows.length, typeof rows[0].entries, rows[0].entries?.constructor?.name, 'prisma', a.toFixed(0), 'pg', b.toFixed(0), r2.rows.length);
}
await p.$disconnect();

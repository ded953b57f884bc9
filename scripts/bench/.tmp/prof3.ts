import { createPrisma } from '@sage/db';
import { DEMO } from '@sage/db/seed';
import { responseTimes } from '../../../apps/api/src/modules/insights/response-times/response-times';
const p = createPrisma(process.env.URL!);
const fid = process.env.FID!;
const m = await p.staffMember.findUniqueOrThrow({ where: { phoneNumber: DEMO.phones.manager } });
const day = (o: number) => new Date(Date.now() + o * 86_400_000).toISOString().slice(0, 10);
const ts: number[] = [];
for (let i = 0; i < 15; i++) {
  const t = performance.now();
  await responseTimes(p, m.id, { facilityId: fid, from: day(-365), to: day(0) } as never);
  ts.push(performance.now() - t);
}
ts.sort((a, b) => a - b);
console.log(ts.map((x) => x.toFixed(0)).join(' '));
await p.$disconnect();

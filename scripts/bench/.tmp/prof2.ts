import pg from 'pg';
const fid = process.env.FID!;
const day = (o: number) => new Date(Date.now() + o * 86_400_000).toISOString().slice(0, 10);
const c = new pg.Client({ connectionString: process.env.URL }); await c.connect();
const W = `FROM "ResponseTimeDay" WHERE "facilityId" = $1 AND day >= $2::date AND day <= $3::date`;
for (const cols of [`array_to_string("staffIds", ',') AS s, array_to_string("unitIds", ',') AS u, array_to_string(kinds, ',') AS k`, `array_to_string("staffIds", ',') AS s, array_to_string("unitIds", ',') AS u, array_to_string(kinds, ',') AS k, entries, step::text`]) {
  const ts: number[] = [];
  for (let i = 0; i < 7; i++) { const t = performance.now(); await c.query(`SELECT ${cols} ${W}`, [fid, day(-365), day(0)]); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log(cols.padEnd(50), ts.map((x) => x.toFixed(0)).join(' '));
}
await c.end();

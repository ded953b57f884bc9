/**
 * `pnpm backup:restore --backup DIR --archive DIR --data DIR --port P [--time ISO]`: brings a fresh PostgreSQL data
 * directory to a chosen time from a base backup (`pnpm backup:base`) and the WAL archive (decision 0524), starts it
 * on 127.0.0.1:P and waits until it is promoted (read-write). Without --time, replays the whole archive.
 * Uses Debian's PostgreSQL binaries (run as the postgres user when root).
 */
import { parseArgs } from 'node:util';
import { createPgClient } from '@sage/db/hosts';
import { restore, startRestored } from './lib';

const { values } = parseArgs({
  options: {
    backup: { type: 'string' },
    archive: { type: 'string' },
    data: { type: 'string' },
    port: { type: 'string' },
    time: { type: 'string' },
  },
});
for (const name of ['backup', 'archive', 'data', 'port'] as const) {
  if (!values[name]) throw new Error(`--${name} is required`);
}
const targetTime = values.time ? new Date(values.time) : undefined;
if (targetTime && Number.isNaN(targetTime.getTime())) throw new Error('--time must be an ISO time');
const port = Number(values.port);
const started = performance.now();
await restore({
  backupDir: values.backup as string,
  archiveDir: values.archive as string,
  dataDir: values.data as string,
  port,
  targetTime,
});
await startRestored(values.data as string);
const client = createPgClient(`postgresql://postgres@127.0.0.1:${port}/postgres`, { role: 'read' });
await client.connect();
for (;;) {
  const { rows } = await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
  if (!rows[0]?.r) break;
  await new Promise((r) => setTimeout(r, 200));
}
await client.end();
console.log(
  `restored to ${targetTime?.toISOString() ?? 'the end of the archive'} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
    `postgresql://postgres@127.0.0.1:${port}/ (data in ${values.data})`,
);

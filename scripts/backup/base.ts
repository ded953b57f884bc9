/**
 * `pnpm backup:base --host H --port P --dir DIR [--user postgres]`: a base backup (pg_basebackup, tar + gzip) of the
 * primary into DIR (decision 0524). The WAL since it comes from the server's archive (archive_command).
 */
import { parseArgs } from 'node:util';
import { baseBackup } from './lib';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '5432' },
    user: { type: 'string', default: 'postgres' },
    dir: { type: 'string' },
  },
});
if (!values.dir) throw new Error('--dir is required');
const result = await baseBackup(
  values.host as string,
  Number(values.port),
  values.user as string,
  values.dir,
);
console.log(
  `base backup in ${result.dir}: ${(result.bytes / 1e6).toFixed(1)} MB in ${(result.ms / 1000).toFixed(1)} s`,
);

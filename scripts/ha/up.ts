/**
 * `pnpm ha:up`: a local etcd and two Patroni-managed PostgreSQL nodes on loopback (issue #30, decision 0522), for
 * trying a failover on a laptop. Prints the DATABASE_URL naming both nodes; `DATABASE_URL=… npm start` then runs the
 * product on them unchanged. Ctrl-C stops everything; the data (under HA_DIR, default /tmp/sage-ha) is made anew
 * at each start.
 *
 *   ports: etcd 3379 (client) / 3380 (peer), PostgreSQL 3341 / 3342, Patroni REST 3351 / 3352
 *   needs Debian's patroni, etcd-server and postgresql packages (apt-get install patroni etcd-server postgresql)
 */
import { startHaCluster } from './cluster';

const cluster = await startHaCluster({
  dir: process.env.HA_DIR ?? '/tmp/sage-ha',
  etcdClientPort: 3379,
  etcdPeerPort: 3380,
  nodes: [
    { name: 'pg1', pgPort: 3341, restPort: 3351 },
    { name: 'pg2', pgPort: 3342, restPort: 3352 },
  ],
  database: 'sage',
  log: (line) => console.log(`ha: ${line}`),
});
console.log(`\nDATABASE_URL=${cluster.databaseUrl}`);
console.log(
  "Patroni: curl http://127.0.0.1:3351/patroni (or 3352); a failover: kill -9 the primary's Patroni and postmaster.",
);
console.log('Ctrl-C stops etcd and both nodes.\n');
const stop = async () => {
  console.log('ha: stopping');
  await cluster.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

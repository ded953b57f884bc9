/**
 * A local high-availability PostgreSQL on loopback (issue #30, decision 0522): one etcd (Debian's etcd-server 3.4)
 * and two PostgreSQL nodes managed by Patroni (Debian's patroni 3.0, Debian's PostgreSQL binaries), synchronous
 * replication on. Used by `pnpm ha:up` and by `pnpm chaos --kill-primary / --kill-standby`.
 *
 * Patroni's timings (the failover's detection): ttl 8 s (the leader key lives that long without its node renewing
 * it), loop_wait 1 s (each node's cycle), retry_timeout 3 s (etcd and PostgreSQL operations); Patroni needs
 * loop_wait + 2 × retry_timeout ≤ ttl. A primary killed with its Patroni is replaced within ttl + loop_wait + the
 * promotion (about 10 s).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chownToPostgres, debianPgBin, postgresOwner } from '@sage/db/local-cluster';

export interface HaNode {
  name: string;
  pgPort: number;
  restPort: number;
}

export interface HaClusterOptions {
  dir: string;
  etcdClientPort: number;
  etcdPeerPort: number;
  nodes: HaNode[];
  /** The database the product uses (created once a leader is up). */
  database: string;
  log?: (line: string) => void;
}

export const HA_TIMINGS = { ttl: 8, loop_wait: 1, retry_timeout: 3 } as const;

export interface NodeStatus {
  name: string;
  role: 'primary' | 'replica' | 'unknown';
  state: string;
  pgPort: number;
}

export interface HaCluster {
  /** Both hosts, read-write: what DATABASE_URL is given. */
  databaseUrl: string;
  /** One node's own URL (no host choice). */
  nodeUrl(node: HaNode, database?: string): string;
  nodes: HaNode[];
  status(node: HaNode): Promise<NodeStatus>;
  /** The node Patroni has made the primary (waits for one, up to `timeoutMs`). */
  waitForPrimary(timeoutMs?: number): Promise<HaNode>;
  /** Waits until `node` streams synchronously from the primary. */
  waitForSyncStandby(node: HaNode, timeoutMs?: number): Promise<void>;
  /** SIGKILL of the node's Patroni and of its postmaster (the machine dying, as far as the cluster can tell). */
  killNode(node: HaNode): void;
  /** Starts a killed node's Patroni again (it rejoins as a replica, pg_rewind when needed). */
  restartNode(node: HaNode): void;
  stop(): Promise<void>;
  /** SIGKILL of everything it started (synchronous: for a process 'exit' handler, should the caller die). */
  killAll(): void;
}

function requireTool(file: string, pkg: string): string {
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: apt-get install ${pkg} (Debian's package; .ci/run installs it)`);
  }
  return file;
}

function patroniConfig(o: HaClusterOptions, node: HaNode, binDir: string): string {
  const nodeDir = path.join(o.dir, node.name);
  // JSON is YAML: no YAML library needed.
  return JSON.stringify(
    {
      scope: 'sage',
      name: node.name,
      log: { level: 'WARNING', dir: nodeDir },
      restapi: { listen: `127.0.0.1:${node.restPort}`, connect_address: `127.0.0.1:${node.restPort}` },
      etcd3: { hosts: [`127.0.0.1:${o.etcdClientPort}`] },
      bootstrap: {
        dcs: {
          ...HA_TIMINGS,
          maximum_lag_on_failover: 1048576,
          // A commit is answered once the synchronous standby has it (the 202 of a press is on both machines).
          synchronous_mode: true,
          // With the standby gone the primary goes on alone (and the product says so loudly: decision 0523).
          synchronous_mode_strict: false,
          postgresql: {
            use_pg_rewind: true,
            use_slots: true,
            parameters: {
              wal_level: 'replica',
              hot_standby: 'on',
              wal_log_hints: 'on',
              max_wal_senders: 10,
              max_replication_slots: 10,
              max_connections: 200,
              synchronous_commit: 'on',
              shared_buffers: '64MB',
            },
          },
        },
        initdb: [{ encoding: 'UTF8' }, { locale: 'C' }, { 'auth-local': 'trust' }, { 'auth-host': 'trust' }],
      },
      postgresql: {
        listen: `127.0.0.1:${node.pgPort}`,
        connect_address: `127.0.0.1:${node.pgPort}`,
        data_dir: path.join(nodeDir, 'data'),
        bin_dir: binDir,
        pgpass: path.join(nodeDir, 'pgpass'),
        // A new replica's base backup starts at once, not after a spread checkpoint (minutes).
        basebackup: [{ checkpoint: 'fast' }],
        authentication: {
          superuser: { username: 'postgres', password: 'postgres' },
          replication: { username: 'replicator', password: 'replicator' },
          rewind: { username: 'postgres', password: 'postgres' },
        },
        parameters: { unix_socket_directories: nodeDir },
        pg_hba: [
          'local all all trust',
          'host replication replicator 127.0.0.1/32 trust',
          'host all all 127.0.0.1/32 trust',
        ],
      },
    },
    null,
    2,
  );
}

async function sleep(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

export async function startHaCluster(o: HaClusterOptions): Promise<HaCluster> {
  const log = o.log ?? (() => {});
  const etcd = requireTool('/usr/bin/etcd', 'etcd-server');
  const patroni = requireTool('/usr/bin/patroni', 'patroni');
  const binDir = debianPgBin();
  if (!binDir) throw new Error("Debian's PostgreSQL binaries are missing: apt-get install postgresql");
  const psql = path.join(binDir, 'psql');
  fs.rmSync(o.dir, { recursive: true, force: true });
  fs.mkdirSync(o.dir, { recursive: true });
  fs.chmodSync(o.dir, 0o755);

  const children = new Map<string, ChildProcess>();
  const spawnLogged = (name: string, command: string, args: string[], asPostgres: boolean) => {
    const out = fs.openSync(path.join(o.dir, `${name}.log`), 'a');
    const ids = asPostgres ? postgresOwner() : undefined;
    const child = spawn(command, args, {
      stdio: ['ignore', out, out],
      ...(ids ?? {}),
      env: { ...process.env, ...(ids ? { HOME: o.dir } : {}) },
    });
    fs.closeSync(out);
    children.set(name, child);
    return child;
  };

  const etcdDir = path.join(o.dir, 'etcd');
  const etcdClient = `http://127.0.0.1:${o.etcdClientPort}`;
  const etcdPeer = `http://127.0.0.1:${o.etcdPeerPort}`;
  spawnLogged(
    'etcd',
    etcd,
    [
      '--name',
      'sage-ha',
      '--data-dir',
      etcdDir,
      '--listen-client-urls',
      etcdClient,
      '--advertise-client-urls',
      etcdClient,
      '--listen-peer-urls',
      etcdPeer,
      '--initial-advertise-peer-urls',
      etcdPeer,
      '--initial-cluster',
      `sage-ha=${etcdPeer}`,
      '--initial-cluster-state',
      'new',
    ],
    false,
  );
  for (let i = 0; ; i++) {
    const ok = await fetch(`${etcdClient}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (i > 100) throw new Error(`etcd did not start (see ${path.join(o.dir, 'etcd.log')})`);
    await sleep(100);
  }
  log(`etcd up on ${etcdClient}`);

  const configFile = (node: HaNode) => path.join(o.dir, node.name, 'patroni.yml');
  const startPatroni = (node: HaNode) =>
    spawnLogged(`patroni-${node.name}`, patroni, [configFile(node)], true);
  for (const node of o.nodes) {
    const nodeDir = path.join(o.dir, node.name);
    fs.mkdirSync(nodeDir, { recursive: true });
    fs.chmodSync(nodeDir, 0o700);
    fs.writeFileSync(configFile(node), patroniConfig(o, node, binDir));
    chownToPostgres(nodeDir);
    chownToPostgres(configFile(node));
  }
  // The first node bootstraps alone; the second then clones it (pg_basebackup), not racing it for the leader key.
  const [first, ...rest] = o.nodes as [HaNode, ...HaNode[]];
  startPatroni(first);

  const nodeUrl = (node: HaNode, database = o.database) =>
    `postgresql://postgres@127.0.0.1:${node.pgPort}/${database}`;
  const databaseUrl = `postgresql://postgres@${o.nodes.map((n) => `127.0.0.1:${n.pgPort}`).join(',')}/${o.database}?target_session_attrs=read-write`;

  const status = async (node: HaNode): Promise<NodeStatus> => {
    try {
      const r = await fetch(`http://127.0.0.1:${node.restPort}/patroni`, {
        signal: AbortSignal.timeout(1000),
      });
      const body = (await r.json()) as { role?: string; state?: string };
      const role =
        body.role === 'master' || body.role === 'primary'
          ? 'primary'
          : body.role === 'replica'
            ? 'replica'
            : 'unknown';
      return { name: node.name, role, state: body.state ?? 'unknown', pgPort: node.pgPort };
    } catch {
      return { name: node.name, role: 'unknown', state: 'unreachable', pgPort: node.pgPort };
    }
  };

  const waitForPrimary = async (timeoutMs = 60_000): Promise<HaNode> => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      for (const node of o.nodes) {
        const s = await status(node);
        if (s.role === 'primary' && s.state === 'running') return node;
      }
      await sleep(200);
    }
    throw new Error(`no Patroni primary within ${timeoutMs} ms (logs in ${o.dir})`);
  };

  const waitForSyncStandby = async (node: HaNode, timeoutMs = 90_000): Promise<void> => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const ok = await fetch(`http://127.0.0.1:${node.restPort}/sync`, { signal: AbortSignal.timeout(1000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) return;
      await sleep(250);
    }
    throw new Error(
      `${node.name} did not become the synchronous standby within ${timeoutMs} ms (logs in ${o.dir})`,
    );
  };

  const stopAll = async () => {
    const patronis = [...children.entries()].filter(([name]) => name.startsWith('patroni-'));
    await Promise.all(patronis.map(([, child]) => stopChild(child, 30_000)));
    // A postmaster whose Patroni was killed is still running: stop it too.
    for (const node of o.nodes) killProcess(postmasterPid(node));
    const etcdChild = children.get('etcd');
    if (etcdChild) await stopChild(etcdChild, 10_000);
  };
  try {
    await bringUp();
  } catch (error) {
    await stopAll();
    throw error;
  }

  async function bringUp() {
    const primary = await waitForPrimary(90_000);
    log(`Patroni ${primary.name} is the primary on 127.0.0.1:${primary.pgPort}`);
    // The product's database, before the standby clones the primary.
    const exists = execFileSync(
      psql,
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(primary.pgPort),
        '-U',
        'postgres',
        '-tAc',
        `SELECT 1 FROM pg_database WHERE datname = '${o.database}'`,
      ],
      { encoding: 'utf8' },
    );
    if (!exists.trim()) {
      execFileSync(psql, [
        '-h',
        '127.0.0.1',
        '-p',
        String(primary.pgPort),
        '-U',
        'postgres',
        '-c',
        `CREATE DATABASE "${o.database}"`,
      ]);
    }
    for (const node of rest) startPatroni(node);
    for (const node of rest) {
      await waitForSyncStandby(node);
      log(`Patroni ${node.name} is the synchronous standby on 127.0.0.1:${node.pgPort}`);
    }
  }

  function postmasterPid(node: HaNode): number | null {
    try {
      const text = fs.readFileSync(path.join(o.dir, node.name, 'data', 'postmaster.pid'), 'utf8');
      return Number(text.split('\n')[0]);
    } catch {
      return null;
    }
  }

  function killProcess(pid: number | null | undefined) {
    if (!pid) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  return {
    databaseUrl,
    nodeUrl,
    nodes: o.nodes,
    status,
    waitForPrimary,
    waitForSyncStandby,
    killNode(node) {
      // Patroni first, so it cannot restart the postmaster; then the postmaster (its backends notice and exit).
      killProcess(children.get(`patroni-${node.name}`)?.pid);
      killProcess(postmasterPid(node));
    },
    restartNode(node) {
      startPatroni(node);
    },
    stop: stopAll,
    killAll() {
      for (const child of children.values()) if (child.exitCode === null) child.kill('SIGKILL');
      for (const node of o.nodes) killProcess(postmasterPid(node));
    },
  };
}

async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

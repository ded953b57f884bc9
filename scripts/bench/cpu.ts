/**
 * What the benchmarks read about the machine and its processes (Linux /proc; decision 0540): the CPU model, a
 * process's CPU seconds and resident memory, the machine's busy time, and the CPU of PostgreSQL's processes by
 * what they serve (the product's connections by application_name, the benchmark's own, the server's background
 * processes).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { PrismaClient } from '@sage/db';

export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The CPU model and count, e.g. "AMD EPYC 7B13, 2 CPUs" (from /proc/cpuinfo through os.cpus()). */
export function cpuModel(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() || 'unknown model';
  const mhz = cpus[0]?.speed ? ` at ${cpus[0].speed} MHz` : '';
  return `${model}${cpuFamily()}${mhz}, ${cpus.length} CPUs`;
}

/**
 * The CPU's family and model numbers (/proc/cpuinfo), where the model name alone says only "AMD EPYC": two
 * machines of one name measured 2.5 times apart (decision 0920).
 */
function cpuFamily(): string {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(\\S+)`, 'm').exec(info)?.[1];
    const family = field('cpu family');
    const model = field('model');
    return family && model ? ` (family ${family} model ${model})` : '';
  } catch {
    return '';
  }
}

/** The fields of /proc/<pid>/stat after the command name, or null once gone (or not Linux). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere or once gone. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS : null;
}

/** The write system calls (write, writev, sendmsg...) a process has made so far (/proc/<pid>/io's syscw), or null. */
export function writeSyscalls(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const line = readFileSync(`/proc/${pid}/io`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('syscw:'));
    return line ? Number(line.split(/\s+/)[1]) : null;
  } catch {
    return null;
  }
}

/** A process's parent pid, or null. */
export function parentPid(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : null;
}

/** A process's resident memory in MiB (VmRSS), or null. */
export function rssMiB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The machine's busy CPU seconds, all cores together (from /proc/stat), or null. */
export function machineBusySeconds(): number | null {
  try {
    const [, ...times] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const t = times.map(Number);
    return (t.slice(0, 8).reduce((a, b) => a + b, 0) - t[3]! - t[4]!) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The application_name of the benchmark's own connections (not counted as the product's). */
export const BENCH_APPLICATION_NAME = 'sage-bench';
/** The connection that analyzes as autovacuum would (decision 0475): counted as PostgreSQL's own work. */
export const BENCH_ANALYZE_APPLICATION_NAME = 'sage-bench-analyze';

/** `url` with an application_name, so its backends can be told apart in pg_stat_activity. */
export function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

/**
 * What a PostgreSQL process is counted as: `product` (a backend of the run's database opened by the product:
 * ingest, jobs, live bus, API), `analyze` (the benchmark's analyze, standing for autovacuum), `background` (the
 * server's own processes: checkpointer, walwriter, background writer, autovacuum, the postmaster; server-wide,
 * so on a shared server they do other databases' work too), `bench` (the benchmark's own queries: not counted).
 */
export type PgRole = 'product' | 'analyze' | 'background' | 'bench';
export interface PgProcess {
  pid: number;
  role: PgRole;
  /** application_name (or backend type): e.g. sage-ingest, sage-jobs (its queue's and its Prisma's too), sage-api. */
  label: string;
  cpu: number | null;
}

/** PostgreSQL's processes serving the run's database, and the server's background ones, with their CPU seconds. */
export async function pgProcesses(prisma: PrismaClient): Promise<PgProcess[]> {
  const rows = await prisma.$queryRawUnsafe<
    { pid: number; backend_type: string; application_name: string }[]
  >(
    `SELECT pid, backend_type, application_name
       FROM pg_stat_activity
      WHERE datname = current_database() OR backend_type <> 'client backend'`,
  );
  const list: PgProcess[] = rows.map((r) => {
    const role: PgRole =
      r.backend_type !== 'client backend'
        ? 'background'
        : r.application_name === BENCH_APPLICATION_NAME
          ? 'bench'
          : r.application_name === BENCH_ANALYZE_APPLICATION_NAME
            ? 'analyze'
            : 'product';
    const label =
      role === 'background'
        ? r.backend_type
        : r.application_name.replace(/^sage-jobs-(queue|prisma)$/, 'sage-jobs') || 'other';
    return { pid: r.pid, role, label, cpu: cpuSeconds(r.pid) };
  });
  // The postmaster (forks every connection): the parent of any backend.
  const postmaster = list.length ? parentPid(list[0]!.pid) : null;
  if (postmaster && postmaster > 1)
    list.push({ pid: postmaster, role: 'background', label: 'postmaster', cpu: cpuSeconds(postmaster) });
  return list;
}

/** CPU seconds used between two snapshots, by role and by label (a process started within counts from 0). */
export function pgCpuBetween(
  from: PgProcess[],
  to: PgProcess[],
): { byRole: Record<PgRole, number>; byLabel: Map<string, number>; processes: number } {
  const before = new Map(from.map((p) => [p.pid, p.cpu ?? 0]));
  const byRole: Record<PgRole, number> = { product: 0, analyze: 0, background: 0, bench: 0 };
  const byLabel = new Map<string, number>();
  for (const p of to) {
    if (p.cpu === null) continue;
    const used = Math.max(0, p.cpu - (before.get(p.pid) ?? 0));
    byRole[p.role] += used;
    if (p.role === 'product') byLabel.set(p.label, (byLabel.get(p.label) ?? 0) + used);
  }
  return { byRole, byLabel, processes: to.length };
}

// Finds pnpm, or runs it through npx on a machine that has only Node.js and npm.
import { execFileSync, spawnSync } from 'node:child_process';

export const PNPM_VERSION = '10.34.9';

export function pnpmCommand() {
  try {
    execFileSync('pnpm', ['--version'], { stdio: 'ignore' });
    return ['pnpm'];
  } catch {
    return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
  }
}

/** Runs pnpm with the given arguments; exits the process when it fails. */
export function pnpm(args, options = {}) {
  const [cmd, ...pre] = pnpmCommand();
  const result = spawnSync(cmd, [...pre, ...args], { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ pnpm ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** Install dependencies (exactly the lockfile's) and generate the Prisma client. */
export function prepareWorkspace() {
  pnpm(['install', '--frozen-lockfile']);
  pnpm(['db:generate']);
}

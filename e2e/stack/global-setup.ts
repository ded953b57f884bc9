// Playwright global setup: starts e2e/stack/serve.ts and waits for READY; the returned function
// (Playwright's teardown) stops it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['e2e/stack/serve.ts'], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the e2e stack did not start within 120 s')), 120_000);
    child.once('exit', (code) => reject(new Error(`the e2e stack exited early (code ${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (chunk.toString().includes('READY')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return async () => {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };
}

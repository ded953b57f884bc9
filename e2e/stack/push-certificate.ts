// The certificate of the browser tests' loopback push service (e2e/notifications): the e2e stack
// makes it and trusts it for the worker's web pushes; the push test serves HTTPS with it. It lives in a
// folder named after the stack's port, so parallel stacks do not share one. docs/decisions/0064.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeSelfSignedCertificate } from '@sage/notify/push-service-testing';

export interface PushServiceCertificate {
  key: string;
  cert: string;
}

export const pushCertificateDir = (port: string): string => path.join(tmpdir(), `sage-e2e-push-${port}`);

const files = (port: string) => {
  const dir = pushCertificateDir(port);
  return { dir, keyFile: path.join(dir, 'key.pem'), certFile: path.join(dir, 'cert.pem') };
};

/** Makes a new self-signed certificate for 127.0.0.1 (the stack, at start) and returns it. */
export function makeE2ePushCertificate(port: string): PushServiceCertificate {
  const { dir, keyFile, certFile } = files(port);
  mkdirSync(dir, { recursive: true });
  writeSelfSignedCertificate(keyFile, certFile, 2);
  return readE2ePushCertificate(port);
}

/** The certificate the running stack trusts (the push test). */
export function readE2ePushCertificate(port: string): PushServiceCertificate {
  const { keyFile, certFile } = files(port);
  if (!existsSync(keyFile))
    throw new Error(`No push service certificate in ${keyFile}: is the e2e stack up?`);
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
}

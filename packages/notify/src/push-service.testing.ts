import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real push service on loopback, for tests: an HTTPS server (self-signed certificate for 127.0.0.1, made
 * with the openssl command) that receives what `web-push` sends, and browser-side subscription keys (ECDH
 * P-256 + 16-byte auth secret) with which the test decrypts the aes128gcm body (RFC 8188 / RFC 8291).
 */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload (JSON parsed; decrypted when first read). */
  readonly payload: unknown;
  receivedAt: number;
}

export interface LocalPushService {
  /** Trusts the service's certificate: give it to the sender. */
  agent: https.Agent;
  /** The service's certificate (PEM), for a sender that cannot take an agent. */
  ca: string;
  received: ReceivedPush[];
  /**
   * A new browser subscription at `<service>/<name>`; `respondWith` (default 201) is what the service answers.
   * CLOSE_CONNECTION_ONCE: the first request's connection is closed without an answer, as a service closing a
   * kept-alive connection does; later ones get 201.
   */
  subscribe(
    name: string,
    respondWith?: number | typeof CLOSE_CONNECTION_ONCE,
  ): { endpoint: string; keys: { p256dh: string; auth: string } };
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');
export const CLOSE_CONNECTION_ONCE = 'CLOSE_CONNECTION_ONCE';

/** Writes a new self-signed P-256 certificate for 127.0.0.1 (openssl) into the two files. */
export function writeSelfSignedCertificate(keyFile: string, certFile: string, days = 1): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      String(days),
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    writeSelfSignedCertificate(keyFile, certFile);
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Decrypts one aes128gcm web-push body with the subscription's private key and auth secret (RFC 8291). */
export function decryptAes128gcm(
  body: Buffer,
  uaPrivate: Buffer,
  uaPublic: Buffer,
  authSecret: Buffer,
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // Last record: the data, then the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
}

export interface LocalPushServiceOptions {
  /** How long the service keeps an idle connection open (Node's default: 5 s). */
  keepAliveTimeoutMs?: number;
}

export async function startLocalPushService(
  options: LocalPushServiceOptions = {},
): Promise<LocalPushService> {
  const { key, cert } = selfSignedCertificate();
  const subscriptions = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number | typeof CLOSE_CONNECTION_ONCE }
  >();
  const received: ReceivedPush[] = [];
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const receivedAt = Date.now();
      const name = (req.url ?? '/').slice(1);
      const sub = subscriptions.get(name);
      if (!sub) {
        res.writeHead(404).end();
        return;
      }
      if (sub.status === CLOSE_CONNECTION_ONCE) {
        sub.status = 201;
        req.socket.destroy();
        return;
      }
      if (sub.status >= 300) {
        res.writeHead(sub.status).end();
        return;
      }
      // Answer first and decrypt when the payload is first read (keeps the service quick under load).
      res.writeHead(sub.status).end();
      const body = Buffer.concat(chunks);
      let payload: unknown;
      received.push({
        path: name,
        headers: req.headers,
        receivedAt,
        get payload() {
          payload ??= JSON.parse(
            decryptAes128gcm(body, sub.ecdh.getPrivateKey(), sub.ecdh.getPublicKey(), sub.auth).toString(
              'utf8',
            ),
          );
          return payload;
        },
      });
    });
  });
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new https.Agent({ ca: cert, keepAlive: true });
  return {
    agent,
    ca: cert,
    received,
    subscribe(name, respondWith = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(name, { ecdh, auth, status: respondWith });
      return {
        endpoint: `https://127.0.0.1:${port}/${name}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      };
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

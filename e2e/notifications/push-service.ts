import { createECDH, randomBytes } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
// The decryption of the API's own tests (RFC 8291, aes128gcm): the same code reads what the worker sends.
import { decryptAes128gcm } from '@sage/notify/push-service-testing';
import { readE2ePushCertificate } from '../stack/push-certificate';

/**
 * The browser's push service, replaced for the test (docs/decisions/0064): an HTTPS server on loopback with
 * the certificate the e2e stack's worker trusts. It holds the browser-side subscription keys (P-256 key pair
 * and auth secret), so it decrypts every push the worker sends, as the browser's push stack would.
 */
export interface ReceivedPush {
  receivedAt: number;
  headers: Record<string, string | string[] | undefined>;
  payload: unknown;
}

export interface TestPushService {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  close(): Promise<void>;
}

export async function startTestPushService(): Promise<TestPushService> {
  const { key, cert } = readE2ePushCertificate(process.env.E2E_PORT ?? '3110');
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const name = `push-e2e-${randomBytes(6).toString('hex')}`;
  const received: ReceivedPush[] = [];
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url !== `/${name}`) {
        res.writeHead(404).end();
        return;
      }
      try {
        const plain = decryptAes128gcm(
          Buffer.concat(chunks),
          ecdh.getPrivateKey(),
          ecdh.getPublicKey(),
          auth,
        );
        received.push({
          receivedAt: Date.now(),
          headers: req.headers,
          payload: JSON.parse(plain.toString('utf8')),
        });
        res.writeHead(201).end();
      } catch (error) {
        console.error('push service: could not decrypt', error);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    subscription: {
      endpoint: `https://127.0.0.1:${port}/${name}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    received,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A phone with a working push service (docs/decisions/0064): headless Chromium has none (its subscribe fails
 * and logs errors), so the page's PushManager hands out a subscription at the test's loopback push service.
 */
export async function withLoopbackPush(
  page: Page,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await page.addInitScript((s) => {
    const bytes = (base64url: string) => {
      const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
      const binary = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='));
      return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
    };
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      current = {
        endpoint: s.endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: true,
          applicationServerKey: key ? (new Uint8Array(key as ArrayBuffer).buffer as ArrayBuffer) : null,
        },
        getKey: (name: PushEncryptionKeyName) => bytes(s.keys[name as 'p256dh' | 'auth']),
        toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current;
    };
  }, subscription);
}

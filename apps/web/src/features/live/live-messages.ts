import { type TLiveServerMessage, ZLiveServerMessageSchema } from '@sage/contract';

/**
 * Reads a /live frame with the contract's schema: the message, or null for one that is not JSON or not a known
 * message. Its own module, loaded by the connection before it opens the socket, so that zod is not on the
 * page's first load (docs/decisions/0446).
 */
export function parseLiveMessage(data: unknown): TLiveServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = ZLiveServerMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

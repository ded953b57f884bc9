import liveServerMessage from 'virtual:reply-shape/ZLiveServerMessageSchema';
import type { TLiveServerMessage } from '@sage/contract';
import { checkReply } from '../../shared/api/reply-shape';

/**
 * Reads a /live frame with the contract's schema: the message, or null for one that is not JSON or not a known
 * message. The schema is its shape made at build time (docs/decisions/0471), so zod is not fetched; it reads a
 * frame as zod's `safeParse` did. Its own module, loaded by the connection with its first start, so that it is
 * not on the page's first load (docs/decisions/0446).
 */
export function parseLiveMessage(data: unknown): TLiveServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = checkReply<TLiveServerMessage>(liveServerMessage, JSON.parse(data));
    return parsed.ok ? parsed.value : null;
  } catch {
    return null;
  }
}

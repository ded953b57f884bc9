import {
  IMAGE_CACHE_EXPIRY_SECONDS,
  isMockResourceId,
  MEDIA_IMAGES_PATH,
  type TMediaImageStoredReply,
  ZMediaImageStoredReplySchema,
} from '@sage/contract';
import type { ApiClient } from '../../../shared/api';

interface CacheEntry {
  dataUrl: string;
  expiresAt: number;
}

const cacheKey = (resourceId: string) => `sage.image.${resourceId}`;

/**
 * Media images on the client (decision 0178): "resource ids beginning 'ri.mock' are never fetched" (null, no
 * call); others are fetched as text (a data URL) and kept in session storage for IMAGE_CACHE_EXPIRY_SECONDS.
 */
export function createMediaImages(
  client: ApiClient,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
  now: () => number = Date.now,
) {
  return {
    async get(resourceId: string): Promise<string | null> {
      if (isMockResourceId(resourceId)) return null;
      const cached = storage?.getItem(cacheKey(resourceId));
      if (cached) {
        try {
          const entry = JSON.parse(cached) as CacheEntry;
          if (entry.expiresAt > now()) return entry.dataUrl;
        } catch {
          // A damaged entry: fetch again.
        }
        storage?.removeItem(cacheKey(resourceId));
      }
      const dataUrl = await client.get<string>(
        'admin',
        `${MEDIA_IMAGES_PATH}/${encodeURIComponent(resourceId)}`,
      );
      const entry: CacheEntry = { dataUrl, expiresAt: now() + IMAGE_CACHE_EXPIRY_SECONDS * 1000 };
      try {
        storage?.setItem(cacheKey(resourceId), JSON.stringify(entry));
      } catch {
        // Storage full: the image still shows, it is just fetched again next time.
      }
      return dataUrl;
    },
    /** Uploads the bytes; the client sends binary bodies as application/octet-stream (the spec's upload type). */
    async put(
      resourceId: string,
      image: Blob | ArrayBuffer | Uint8Array,
      enterpriseId?: string,
    ): Promise<TMediaImageStoredReply> {
      if (isMockResourceId(resourceId)) throw new Error(`Mock images are never stored (${resourceId})`);
      const stored = await client.put(
        'admin',
        `${MEDIA_IMAGES_PATH}/${encodeURIComponent(resourceId)}`,
        image,
        {
          query: { enterpriseId },
          parse: ZMediaImageStoredReplySchema.parse,
        },
      );
      storage?.removeItem(cacheKey(resourceId));
      return stored;
    },
  };
}

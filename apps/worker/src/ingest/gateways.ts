import { prepared } from '@sage/db';
import type pg from 'pg';
import { hashGatewayKey } from './gateway-key';

export interface Gateway {
  id: string;
  facilityId: string;
}

/** A gateway by its key's hash: the first statement of every request (findGateway, cachedGatewayLookupByHash). */
export const GATEWAY_BY_KEY_SQL = 'SELECT id, "facilityId" FROM "FacilityGateway" WHERE "keyHash" = $1';

export async function findGateway(pool: pg.Pool, key: string): Promise<Gateway | null> {
  const { rows } = await pool.query<Gateway>(prepared(GATEWAY_BY_KEY_SQL, [hashGatewayKey(key)]));
  return rows[0] ?? null;
}

/** How long a known gateway key is remembered (decision 0410): one query less per event. */
export const GATEWAY_CACHE_MS = 5_000;

/**
 * findGateway by the key's hash (hashGatewayKey: the ingest hashed it already for its rate limit, decision 0860),
 * with the known keys remembered for GATEWAY_CACHE_MS (an unknown key is always looked up, so a new gateway is
 * accepted at once). No product path changes or removes a gateway's key; one removed by hand stops working within
 * 5 s. A remembered gateway is returned as it is, not in a promise (the ingest's every request): await only a promise.
 */
export function cachedGatewayLookupByHash(
  pool: pg.Pool,
): (hash: string) => Gateway | Promise<Gateway | null> {
  const known = new Map<string, { gateway: Gateway; until: number }>();
  const lookUp = async (hash: string): Promise<Gateway | null> => {
    const { rows } = await pool.query<Gateway>(prepared(GATEWAY_BY_KEY_SQL, [hash]));
    const gateway = rows[0] ?? null;
    if (gateway) {
      if (known.size > 10_000) known.clear();
      known.set(hash, { gateway, until: Date.now() + GATEWAY_CACHE_MS });
    } else known.delete(hash);
    return gateway;
  };
  return (hash) => {
    const hit = known.get(hash);
    return hit && hit.until > Date.now() ? hit.gateway : lookUp(hash);
  };
}

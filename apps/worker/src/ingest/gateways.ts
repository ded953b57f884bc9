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

/** The known gateways' keys, checked again in one statement (cachedGatewayLookupByHash). */
export const GATEWAYS_BY_KEYS_SQL =
  'SELECT "keyHash", id, "facilityId" FROM "FacilityGateway" WHERE "keyHash" = ANY($1::text[])';

/** How often the remembered gateway keys are checked again, all in one statement (decision 0940). */
export const GATEWAY_RECHECK_MS = 30_000;

export interface GatewayLookup {
  (hash: string): Gateway | Promise<Gateway | null>;
  /** The recheck under way, if any (for tests). */
  rechecking(): Promise<void> | null;
}

/**
 * findGateway by the key's hash (hashGatewayKey: the ingest hashed it already for its rate limit, decision 0860),
 * with the known keys remembered (an unknown key is always looked up, so a new gateway is accepted at once). The
 * remembered keys are checked again together, one statement every `recheckMs`, started by the first request after
 * that time: a key removed by hand stops working within `recheckMs` and the next request (and at once if the
 * recheck fails: what cannot be checked is forgotten). No product path changes or removes a gateway's key. Before
 * 0940 each key was looked up again 5 s after it was remembered: a gateway posting its batches every 30 s cost one
 * statement a post. A remembered gateway is returned as it is, not in a promise (the ingest's every request): await
 * only a promise.
 */
export function cachedGatewayLookupByHash(
  pool: pg.Pool,
  { recheckMs = GATEWAY_RECHECK_MS }: { recheckMs?: number } = {},
): GatewayLookup {
  const known = new Map<string, Gateway>();
  let checkedAt = Date.now();
  let recheck: Promise<void> | null = null;
  const lookUp = async (hash: string): Promise<Gateway | null> => {
    const { rows } = await pool.query<Gateway>(prepared(GATEWAY_BY_KEY_SQL, [hash]));
    const gateway = rows[0] ?? null;
    if (gateway) {
      if (known.size > 10_000) known.clear();
      known.set(hash, gateway);
    } else known.delete(hash);
    return gateway;
  };
  const checkAgain = async (hashes: string[]): Promise<void> => {
    try {
      const { rows } = await pool.query<Gateway & { keyHash: string }>(
        prepared(GATEWAYS_BY_KEYS_SQL, [hashes]),
      );
      const still = new Map(rows.map((r) => [r.keyHash, { id: r.id, facilityId: r.facilityId }]));
      for (const hash of hashes) {
        const gateway = still.get(hash);
        if (gateway) known.set(hash, gateway);
        else known.delete(hash);
      }
    } catch {
      // Unchecked is unknown: each key is looked up again at its next request (which meets the outage itself).
      for (const hash of hashes) known.delete(hash);
    }
  };
  const lookup = ((hash: string) => {
    const now = Date.now();
    if (now - checkedAt >= recheckMs && !recheck) {
      checkedAt = now;
      // The keys remembered now; one remembered while it runs was just looked up.
      const hashes = [...known.keys()];
      if (hashes.length)
        recheck = checkAgain(hashes).finally(() => {
          recheck = null;
        });
    }
    return known.get(hash) ?? lookUp(hash);
  }) as GatewayLookup;
  lookup.rechecking = () => recheck;
  return lookup;
}

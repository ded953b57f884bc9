/**
 * The zod-free part of live.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). live.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/** Live updates websocket (ARCHITECTURE.md "Live updates"). */
export const LIVE_PATH = '/live';

/** Without an auth message within 5 s the server closes the socket. */
export const LIVE_AUTH_TIMEOUT_MS = 5_000;

/** Close code for a missing or bad token. */
export const LIVE_CLOSE_CODE_UNAUTHORIZED = 4401;

import { createHash } from 'node:crypto';

/** Gateway keys are stored as their SHA-256 (hex); the key itself is never kept. */
export const hashGatewayKey = (key: string): string => createHash('sha256').update(key).digest('hex');

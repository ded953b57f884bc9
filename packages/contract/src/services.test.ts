import { describe, expect, it } from 'vitest';
import { APP_VERSION } from './constants';
import {
  ADMIN_HEAVY_TIMEOUT_MS,
  isMockResourceId,
  PROFILE_HEADER,
  SERVICE_BASE_PATHS,
  SERVICE_TIMEOUTS_MS,
} from './services';

// ARCHITECTURE.md "Service base paths"
const BASE_ROWS = [
  ['admin', '/admin/api/v1'],
  ['insights', '/insights/api/v1'],
  ['messageOrchestration', '/messageorchestration/api/v1'],
  ['care', '/care/api/v1'],
  ['gamification', '/gamification/api/v1'],
  ['deviceAudit', '/deviceaudit/api/v1'],
  ['locationQuery', '/locationquery/api/v1'],
  ['tabularRecord', '/tabularrecord/api/v1'],
  ['signIn', '/auth/api/v1'],
] as const;

// Sign-in doc section 7: "admin 30 s …; insights 10 s; message orchestration 10 s; care, gamification,
// tabular record, device audit 10 s; location query 30 s."
const TIMEOUT_ROWS = [
  ['admin', 30_000],
  ['insights', 10_000],
  ['messageOrchestration', 10_000],
  ['care', 10_000],
  ['gamification', 10_000],
  ['tabularRecord', 10_000],
  ['deviceAudit', 10_000],
  ['locationQuery', 30_000],
] as const;

describe('services', () => {
  it.each(BASE_ROWS)('%s is served under %s', (service, base) => {
    expect(SERVICE_BASE_PATHS[service]).toBe(base);
  });
  it.each(TIMEOUT_ROWS)('%s time-out is %i ms', (service, timeout) => {
    expect(SERVICE_TIMEOUTS_MS[service]).toBe(timeout);
  });
  it('"60 s for staff create and update, group membership update, and staff removal from facilities"', () => {
    expect(ADMIN_HEAVY_TIMEOUT_MS).toBe(60_000);
  });
  it('profile header and app version', () => {
    expect(PROFILE_HEADER).toBe('x-sage-profile-rid');
    expect(APP_VERSION).toBe('v9.2.8');
  });
  it('"resource ids starting \'ri.mock\' are never fetched"', () => {
    expect(isMockResourceId('ri.mock.1')).toBe(true);
    expect(isMockResourceId('ri.image.1')).toBe(false);
  });
});

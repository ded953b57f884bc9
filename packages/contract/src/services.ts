/** Service base paths (ARCHITECTURE.md, 'Service base paths'): one API process serves every service under its base path. */
export const Service = {
  admin: 'admin',
  insights: 'insights',
  messageOrchestration: 'messageOrchestration',
  care: 'care',
  gamification: 'gamification',
  deviceAudit: 'deviceAudit',
  locationQuery: 'locationQuery',
  tabularRecord: 'tabularRecord',
  signIn: 'signIn',
} as const;
export type Service = (typeof Service)[keyof typeof Service];

export const SERVICE_BASE_PATHS = {
  admin: '/admin/api/v1',
  insights: '/insights/api/v1',
  messageOrchestration: '/messageorchestration/api/v1',
  care: '/care/api/v1',
  gamification: '/gamification/api/v1',
  deviceAudit: '/deviceaudit/api/v1',
  locationQuery: '/locationquery/api/v1',
  tabularRecord: '/tabularrecord/api/v1',
  signIn: '/auth/api/v1',
} as const satisfies Record<Service, string>;

export const LIVE_UPDATES_PATH = '/live';
export const OPENAPI_DOCS_PATH = '/docs';
/** Dev-only SMS outbox (exists only with the outbox transport). */
export const DEV_OUTBOX_PATH = '/dev/api/v1/outbox';
export const API_DEFAULT_PORT = 3000;

/** Every call carries `x-sage-profile-rid: <staffMemberId>` and `Authorization: Bearer <token>`. */
export const PROFILE_HEADER = 'x-sage-profile-rid';
export const AUTHORIZATION_HEADER = 'authorization';
export const BEARER_PREFIX = 'Bearer ';

/**
 * Client time-outs in ms (sign-in doc section 7): admin 30 s (60 s for staff create and update, group
 * membership update, and staff removal from facilities); insights 10 s; message orchestration 10 s; care,
 * gamification, tabular record, device audit 10 s; location query 30 s. Sign-in: not shown, 10 s (our choice).
 */
export const SERVICE_TIMEOUTS_MS = {
  admin: 30_000,
  insights: 10_000,
  messageOrchestration: 10_000,
  care: 10_000,
  gamification: 10_000,
  deviceAudit: 10_000,
  locationQuery: 30_000,
  tabularRecord: 10_000,
  signIn: 10_000,
} as const satisfies Record<Service, number>;

/** Admin calls with the 60 s time-out. */
export const ADMIN_HEAVY_TIMEOUT_MS = 60_000;
export const ADMIN_HEAVY_OPERATIONS = [
  'createStaff',
  'updateStaff',
  'updateGroupMembership',
  'removeStaffFromFacilities',
] as const;
export type AdminHeavyOperation = (typeof ADMIN_HEAVY_OPERATIONS)[number];

/** Image upload content type. */
export const IMAGE_UPLOAD_CONTENT_TYPE = 'application/octet-stream';
/** Resource ids starting 'ri.mock' are never fetched. */
export const MOCK_RESOURCE_ID_PREFIX = 'ri.mock';
export const isMockResourceId = (resourceId: string): boolean =>
  resourceId.startsWith(MOCK_RESOURCE_ID_PREFIX);

import { z } from 'zod';
import { ZIdSchema, zText } from './common';
import { ZSeveritySchema } from './severity';
import { ZTaskStatusSchema } from './tasks';

/**
 * Station displays (issue #15; docs/decisions/0370-0372): a manager pairs a screen for the nurses' station or a
 * hallway with a facility and its care zones; the screen signs in with the display key it is given once and
 * gets a view-only session: it reads the open alerts of its zones and the live feed, and every other route
 * answers it 403 `DISPLAY_READ_ONLY`.
 */
export const STATION_DISPLAYS_PATH = '/admin/api/v1/stationDisplays';
/** The display's own read (display session only). */
export const STATION_DISPLAY_ALERTS_PATH = '/admin/api/v1/stationDisplays/current/alerts';
/** The display's second read (display session only): its community's device QA walk in progress (decision 0505). */
export const STATION_DISPLAY_DEVICE_TESTS_PATH = '/admin/api/v1/stationDisplays/current/deviceTests';
/** Display key -> view-only access token (public, rate-limited). */
export const STATION_DISPLAY_TOKEN_PATH = '/auth/api/v1/stationDisplays/token';
/** The web app's screen for a paired display; the key travels in the hash (`#key=`), never to the server. */
export const STATION_DISPLAY_WEB_PATH = '/station';

export const STATION_DISPLAY_NAME_MAX = 80;
/** Keys are 43 base64url characters (32 random bytes). */
export const STATION_DISPLAY_KEY_LENGTH = 43;

export const StationDisplayErrorCode = {
  /** 403: a station display's session asked for anything but its own alerts. */
  DISPLAY_READ_ONLY: 'DISPLAY_READ_ONLY',
  /** 401: unknown or revoked display key. */
  DISPLAY_KEY_INVALID: 'DISPLAY_KEY_INVALID',
} as const;

export const ZCreateStationDisplayRequestSchema = z.object({
  facilityId: ZIdSchema,
  name: zText({ max: STATION_DISPLAY_NAME_MAX, min: 1, trim: true, multiline: false }),
  careZoneIds: z.array(ZIdSchema).max(50).default([]),
  showResidentNames: z.boolean().default(false),
});
export type TCreateStationDisplayRequest = z.input<typeof ZCreateStationDisplayRequestSchema>;

export const ZStationDisplayParamsSchema = z.object({ stationDisplayId: ZIdSchema });
export const ZStationDisplayListQuerySchema = z.object({ facilityId: ZIdSchema });

export const ZStationDisplaySchema = z.object({
  id: z.string(),
  facilityId: z.string(),
  name: z.string(),
  careZones: z.array(z.object({ id: z.string(), name: z.string() })),
  showResidentNames: z.boolean(),
  createdAt: z.number().int(),
});
export type TStationDisplay = z.infer<typeof ZStationDisplaySchema>;

/** Creation reply: the key is shown once (only its hash is kept). */
export const ZCreatedStationDisplaySchema = ZStationDisplaySchema.extend({ displayKey: z.string() });
export type TCreatedStationDisplay = z.infer<typeof ZCreatedStationDisplaySchema>;

export const ZStationDisplayListSchema = z.object({ stationDisplays: z.array(ZStationDisplaySchema) });
export type TStationDisplayList = z.infer<typeof ZStationDisplayListSchema>;

export const ZStationDisplayTokenRequestSchema = z.object({
  displayKey: z
    .string()
    .length(STATION_DISPLAY_KEY_LENGTH)
    .regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url'),
});
export const ZStationDisplayTokenReplySchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int(),
  stationDisplayId: z.string(),
});
export type TStationDisplayTokenReply = z.infer<typeof ZStationDisplayTokenReplySchema>;

/**
 * One open alert as a station display shows it: no resident name unless the display was paired with
 * `showResidentNames`; `label` is then the alert's title, else a place-and-kind label without a name.
 */
export const ZStationAlertSchema = z.object({
  id: z.string(),
  label: z.string(),
  unitName: z.string().nullable(),
  /** The room of the unit the calling device is in ('Bedroom'), when it has one (decision 0514). */
  room: z.string().nullable(),
  careZoneName: z.string().nullable(),
  residentName: z.string().nullable(),
  severity: ZSeveritySchema,
  status: ZTaskStatusSchema,
  createdAt: z.number().int(),
});
export type TStationAlert = z.infer<typeof ZStationAlertSchema>;

export const ZStationAlertsReplySchema = z.object({
  display: z.object({
    id: z.string(),
    name: z.string(),
    facilityName: z.string(),
    careZoneNames: z.array(z.string()),
  }),
  alerts: z.array(ZStationAlertSchema),
  serverTime: z.number().int(),
});
export type TStationAlertsReply = z.infer<typeof ZStationAlertsReplySchema>;

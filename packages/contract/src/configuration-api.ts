import { z } from 'zod';
import { ZIdSchema } from './common';
import { ZFacilitySchema } from './enterprises-api';
import { ZSubscriptionTopicSchema } from './notifications';
import { ZE164PhoneNumberSchema } from './signin';
import { ZCareZoneSchema, ZStaffMemberSchema } from './staff-profile';

/**
 * GET /configuration: "what the web app needs to start" (sign-in doc section 3 'App configuration'):
 * allGroups, config, currentUser, enterpriseId, facility, facilityId, facilityMetadata (groups with groupId and
 * groupName), facilityNotificationPolicies, staffMemberId. The facility carries facilityConfig, ehrLockedFields
 * and careZones. `config` holds the facility's features by name (decision 0176).
 */
export const CONFIGURATION_PATH = '/configuration';

export const ZConfigurationQuerySchema = z.object({
  /** The facility to start in; the caller's first facility when left out. */
  facilityId: ZIdSchema.optional(),
});
export type TConfigurationQuery = z.infer<typeof ZConfigurationQuerySchema>;

/** A locked field as the configuration lists it (the full shape is in ehr-locked-fields.ts). */
const ZConfigurationEhrLockedFieldSchema = z.object({
  id: ZIdSchema,
  ehrProvider: z.string(),
  resourceField: z.string(),
});

export const ZAppConfigurationSchema = z.object({
  staffMemberId: ZIdSchema,
  enterpriseId: ZIdSchema,
  facilityId: ZIdSchema,
  currentUser: ZStaffMemberSchema,
  facility: ZFacilitySchema.extend({
    ehrLockedFields: z.array(ZConfigurationEhrLockedFieldSchema),
    careZones: z.array(ZCareZoneSchema),
  }),
  facilityMetadata: z.object({
    groups: z.array(z.object({ groupId: ZIdSchema, groupName: z.string() })),
  }),
  /** Every group of the facility, with its contract identifier (type). */
  allGroups: z.array(z.object({ id: ZIdSchema, name: z.string(), type: z.string() })),
  facilityNotificationPolicies: z.array(
    z.object({ rid: ZIdSchema, version: z.number().int(), type: z.string() }),
  ),
  config: z.object({ features: z.record(z.string(), z.boolean()) }),
});
export type TAppConfiguration = z.infer<typeof ZAppConfigurationSchema>;

/** GET /notificationCallback/resolve-numbers ?senderNumber, recipientNumber (decision 0177). */
export const RESOLVE_NUMBERS_PATH = '/notificationCallback/resolve-numbers';
export const ZResolveNumbersQuerySchema = z.object({
  senderNumber: ZE164PhoneNumberSchema,
  recipientNumber: ZE164PhoneNumberSchema,
});
export type TResolveNumbersQuery = z.infer<typeof ZResolveNumbersQuerySchema>;
/** Which of the caller's facilities sends from senderNumber (and for which topic), and whose number recipientNumber is. */
export const ZResolveNumbersReplySchema = z.object({
  facilityId: ZIdSchema.nullable(),
  topic: ZSubscriptionTopicSchema.nullable(),
  staffMemberId: ZIdSchema.nullable(),
});
export type TResolveNumbersReply = z.infer<typeof ZResolveNumbersReplySchema>;

// ---------------------------------------------------------------------------------------------------------
// Media images: GET (text reply), PUT (octet-stream upload, IMAGE_UPLOAD_CONTENT_TYPE), DELETE
// /media/images/{resourceId} (decision 0178); 'ri.mock' ids: isMockResourceId in services.ts

export const MEDIA_IMAGES_PATH = '/media/images';
/** Largest image accepted: 2 MiB. */
export const MEDIA_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const MediaImageType = {
  PNG: 'image/png',
  JPEG: 'image/jpeg',
  GIF: 'image/gif',
  WEBP: 'image/webp',
} as const;
export const ZMediaImageTypeSchema = z.enum(MediaImageType);
export type MediaImageType = z.infer<typeof ZMediaImageTypeSchema>;

export const ZMediaResourceIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'Use letters, digits and . _ : -');
export const ZMediaImageParamsSchema = z.object({ resourceId: ZMediaResourceIdSchema });
/** PUT ?enterpriseId: the company the image belongs to (the caller's first when left out). */
export const ZPutMediaImageQuerySchema = z.object({ enterpriseId: ZIdSchema.optional() });
export const ZMediaImageStoredReplySchema = z.object({
  resourceId: z.string(),
  contentType: ZMediaImageTypeSchema,
  size: z.number().int(),
});
export type TMediaImageStoredReply = z.infer<typeof ZMediaImageStoredReplySchema>;
/** GET replies text: the image as a data URL (`data:image/png;base64,...`), ready for an <img src>. */
export const ZMediaImageTextReplySchema = z.string();

import { z } from 'zod';
import { isStorableJson, ZIdSchema, zDateTime, zText } from './common';
import { ZPageQuerySchema } from './enterprises-api';

/** Features of a facility (sign-in doc section 7 'Features'; "fields not shown": decision 0175). */
export const FEATURES_PATH = '/features';
export const FEATURE_NAME_MAX_LENGTH = 64;
/** A feature's config, as JSON text, is at most this long. */
export const FEATURE_CONFIG_MAX_LENGTH = 10_000;

/** A feature's name: a code word of letters, digits, '_', '-' and '.' ('ALERT_LOCATION', 'tour.v2'). */
export const ZFeatureNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(FEATURE_NAME_MAX_LENGTH)
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'Use letters, digits, _ . - and start with a letter');

export const ZFeatureConfigSchema = z
  .record(zText({ max: FEATURE_NAME_MAX_LENGTH, multiline: false }), z.unknown())
  .refine((value) => JSON.stringify(value).length <= FEATURE_CONFIG_MAX_LENGTH, {
    message: `At most ${FEATURE_CONFIG_MAX_LENGTH} characters of JSON`,
  })
  // Stored as jsonb, which takes no NUL and no lone surrogate in any string.
  .refine(isStorableJson, { message: 'Must not contain NUL characters or lone surrogates' });

export const ZFeatureSchema = z.object({
  id: ZIdSchema,
  facilityId: ZIdSchema,
  name: z.string(),
  isEnabled: z.boolean(),
  config: z.record(z.string(), z.unknown()).nullable(),
  updatedAt: z.iso.datetime(),
});
export type TFeature = z.infer<typeof ZFeatureSchema>;
export const ZListFeaturesReplySchema = z.array(ZFeatureSchema);

export const ZListFeaturesQuerySchema = ZPageQuerySchema.extend({
  facilityId: ZIdSchema.optional(),
  search: zText({ max: FEATURE_NAME_MAX_LENGTH, trim: true, multiline: false }).optional(),
});
export type TListFeaturesQuery = z.infer<typeof ZListFeaturesQuerySchema>;
export const ZFeatureParamsSchema = z.object({ featureId: ZIdSchema });

const featureFields = {
  name: ZFeatureNameSchema,
  isEnabled: z.boolean(),
  config: ZFeatureConfigSchema.nullable().optional(),
};
export const ZCreateFeatureRequestSchema = z.object({ facilityId: ZIdSchema, ...featureFields });
export type TCreateFeatureRequest = z.infer<typeof ZCreateFeatureRequestSchema>;
export const ZUpdateFeatureRequestSchema = z.object({
  ...featureFields,
  updatedAt: zDateTime().optional(),
});
export type TUpdateFeatureRequest = z.infer<typeof ZUpdateFeatureRequestSchema>;

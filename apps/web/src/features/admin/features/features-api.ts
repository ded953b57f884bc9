import {
  FEATURES_PATH,
  type TCreateFeatureRequest,
  type TDeletedReply,
  type TFeature,
  type TUpdateFeatureRequest,
  ZDeletedReplySchema,
  ZFeatureSchema,
  ZListFeaturesReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api';

export const featuresApi = {
  list: (facilityId: string, search: string): Promise<TFeature[]> =>
    api.get('admin', FEATURES_PATH, {
      query: { facilityId, search: search.trim() || undefined, pageSize: 1000 },
      parse: ZListFeaturesReplySchema.parse,
    }),
  create: (body: TCreateFeatureRequest): Promise<TFeature> =>
    api.post('admin', FEATURES_PATH, body, { parse: ZFeatureSchema.parse }),
  update: (id: string, body: TUpdateFeatureRequest): Promise<TFeature> =>
    api.put('admin', `${FEATURES_PATH}/${encodeURIComponent(id)}`, body, { parse: ZFeatureSchema.parse }),
  remove: (id: string): Promise<TDeletedReply> =>
    api.delete('admin', `${FEATURES_PATH}/${encodeURIComponent(id)}`, { parse: ZDeletedReplySchema.parse }),
};

export const featureKeys = {
  all: ['features'] as const,
  list: (facilityId: string | undefined, search: string) => ['features', facilityId, search] as const,
};

export const useFeatures = (facilityId: string | undefined, search: string) =>
  useQuery({
    queryKey: featureKeys.list(facilityId, search),
    queryFn: () => featuresApi.list(facilityId as string, search),
    enabled: Boolean(facilityId),
    placeholderData: (previous) => previous,
  });

import {
  FACILITIES_PATH,
  type FacilityStatus,
  type TCreateFacilityRequest,
  type TFacility,
  type TUpdateFacilityRequest,
  ZFacilitySchema,
  ZListFacilitiesReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api';

export const facilitiesApi = {
  list: (enterpriseId: string): Promise<TFacility[]> =>
    api.get('admin', FACILITIES_PATH, {
      query: { enterpriseId, pageSize: 1000 },
      parse: ZListFacilitiesReplySchema.parse,
    }),
  create: (body: TCreateFacilityRequest): Promise<TFacility> =>
    api.post('admin', FACILITIES_PATH, body, { parse: ZFacilitySchema.parse }),
  update: (id: string, body: TUpdateFacilityRequest): Promise<TFacility> =>
    api.put('admin', `${FACILITIES_PATH}/${encodeURIComponent(id)}`, body, { parse: ZFacilitySchema.parse }),
  setStatus: (id: string, status: FacilityStatus): Promise<TFacility> =>
    api.put(
      'admin',
      `${FACILITIES_PATH}/status/${encodeURIComponent(id)}`,
      { status },
      {
        parse: ZFacilitySchema.parse,
      },
    ),
};

export const facilityKeys = {
  all: ['facilities'] as const,
  list: (enterpriseId: string | undefined) => ['facilities', enterpriseId] as const,
};

export const useFacilities = (enterpriseId: string | undefined) =>
  useQuery({
    queryKey: facilityKeys.list(enterpriseId),
    queryFn: () => facilitiesApi.list(enterpriseId as string),
    enabled: Boolean(enterpriseId),
  });

import {
  ROUTINE_CHECK_POLL_MS,
  type TResidentReply,
  ZLatestCareActivityReplySchema,
  ZListResidentsReplySchema,
  ZResidentReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';

export const residentsApi = {
  list: (): Promise<TResidentReply[]> =>
    api.get('admin', '/residents', { parse: ZListResidentsReplySchema.parse }),
  get: (residentId: string): Promise<TResidentReply> =>
    api.get('admin', `/residents/${encodeURIComponent(residentId)}`, { parse: ZResidentReplySchema.parse }),
  latestCareActivity: (residentRids: string[]) =>
    api.post(
      'admin',
      '/residents/careActivity/latest',
      { residentRids },
      {
        parse: ZLatestCareActivityReplySchema.parse,
      },
    ),
};

export const residentKeys = {
  all: ['residents'] as const,
  list: ['residents', 'list'] as const,
  detail: (residentId: string) => ['residents', 'detail', residentId] as const,
  /** Under 'care' so a care log refreshes it. */
  latestCare: (residentId: string) => ['care', 'latest', residentId] as const,
};

export function useResidents() {
  return useQuery({ queryKey: residentKeys.list, queryFn: residentsApi.list });
}

export function useResident(residentId: string) {
  return useQuery({ queryKey: residentKeys.detail(residentId), queryFn: () => residentsApi.get(residentId) });
}

/** Minutes since the last care activity; "polled every 60 s when a routine check applies". */
export function useLatestCareActivity(residentId: string, enabled: boolean) {
  return useQuery({
    queryKey: residentKeys.latestCare(residentId),
    queryFn: () => residentsApi.latestCareActivity([residentId]),
    select: (rows) => rows[0] ?? null,
    enabled,
    refetchInterval: enabled ? ROUTINE_CHECK_POLL_MS : false,
  });
}

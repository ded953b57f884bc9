import type {
  InsightActionType,
  TCreateRecognitionRequest,
  TInsightReply,
  TRecognitionReply,
  TSearchInsightsRequest,
  TWorkflowActionReply,
} from '@sage/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, lazyParse } from '../../shared/api';

// The reply schemas (and zod) load with the first call, not with the page (docs/decisions/0446).
const schemas = () => import('./insights-schemas');

/** Insights API and gamification service calls (alerts doc section 7). */
export const insightsApi = {
  search: (body: TSearchInsightsRequest): Promise<TInsightReply[]> =>
    api.post('insights', '/insights/search', body, {
      parse: lazyParse(schemas, (s) => s.ZInsightsReplySchema),
    }),
  act: (
    workflowRid: string,
    body: { type: InsightActionType; note?: string; details?: Record<string, unknown> },
  ): Promise<TWorkflowActionReply> =>
    api.post('insights', `/workflows/${encodeURIComponent(workflowRid)}/actions`, body, {
      parse: lazyParse(schemas, (s) => s.ZWorkflowActionReplySchema),
    }),
  recognitions: (query: { recipientRid?: string; facilityRid?: string; seenByRecipient?: boolean }) =>
    api.get('gamification', '/recognitions', {
      query,
      parse: lazyParse(schemas, (s) => s.ZRecognitionsReplySchema),
    }),
  sendHighFive: (body: TCreateRecognitionRequest): Promise<TRecognitionReply> =>
    api.post('gamification', '/recognitions', body, {
      parse: lazyParse(schemas, (s) => s.ZRecognitionReplySchema),
    }),
  markSeen: (recognitionRid: string): Promise<TRecognitionReply> =>
    api.put(
      'gamification',
      `/recognitions/${encodeURIComponent(recognitionRid)}`,
      { seenByRecipient: true },
      { parse: lazyParse(schemas, (s) => s.ZRecognitionReplySchema) },
    ),
};

export const insightKeys = {
  all: ['insights'] as const,
  search: (facilityRid: string) => ['insights', 'search', facilityRid] as const,
  workflows: ['insights', 'workflows'] as const,
  actions: ['insights', 'actions'] as const,
  recognitions: ['recognitions'] as const,
  unseen: (staffMemberId: string) => ['recognitions', 'unseen', staffMemberId] as const,
  received: (staffMemberId: string) => ['recognitions', 'received', staffMemberId] as const,
};

/** "After a failed action the insight, workflow and action caches are refreshed." */
export const refreshInsightCaches = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: insightKeys.all }),
    queryClient.invalidateQueries({ queryKey: insightKeys.recognitions }),
  ]);

export function useInsights(facilityRid: string | undefined) {
  return useQuery({
    queryKey: insightKeys.search(facilityRid ?? ''),
    queryFn: () => insightsApi.search({ facilityRid: facilityRid ?? '', pageSize: 100 }),
    enabled: Boolean(facilityRid),
  });
}

export function useUnseenRecognitions(staffMemberId: string | undefined) {
  return useQuery({
    queryKey: insightKeys.unseen(staffMemberId ?? ''),
    queryFn: () => insightsApi.recognitions({ recipientRid: staffMemberId ?? '', seenByRecipient: false }),
    enabled: Boolean(staffMemberId),
  });
}

export function useReceivedRecognitions(staffMemberId: string | undefined) {
  return useQuery({
    queryKey: insightKeys.received(staffMemberId ?? ''),
    queryFn: () => insightsApi.recognitions({ recipientRid: staffMemberId ?? '' }),
    enabled: Boolean(staffMemberId),
  });
}

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

// The reply checks load with the first call, not with the page (docs/decisions/0446); zod only for a reply they
// refuse (docs/decisions/0471).
const checks = () => import('./insights-checks');

/** Insights API and gamification service calls (alerts doc section 7). */
export const insightsApi = {
  search: (body: TSearchInsightsRequest): Promise<TInsightReply[]> =>
    api.post('insights', '/insights/search', body, {
      parse: lazyParse(checks, (s) => s.ZInsightsReplySchema),
    }),
  act: (
    workflowRid: string,
    body: { type: InsightActionType; note?: string; details?: Record<string, unknown> },
  ): Promise<TWorkflowActionReply> =>
    api.post('insights', `/workflows/${encodeURIComponent(workflowRid)}/actions`, body, {
      parse: lazyParse(checks, (s) => s.ZWorkflowActionReplySchema),
    }),
  recognitions: (query: { recipientRid?: string; facilityRid?: string; seenByRecipient?: boolean }) =>
    api.get('gamification', '/recognitions', {
      query,
      parse: lazyParse(checks, (s) => s.ZRecognitionsReplySchema),
    }),
  sendHighFive: (body: TCreateRecognitionRequest): Promise<TRecognitionReply> =>
    api.post('gamification', '/recognitions', body, {
      parse: lazyParse(checks, (s) => s.ZRecognitionReplySchema),
    }),
  markSeen: (recognitionRid: string): Promise<TRecognitionReply> =>
    api.put(
      'gamification',
      `/recognitions/${encodeURIComponent(recognitionRid)}`,
      { seenByRecipient: true },
      { parse: lazyParse(checks, (s) => s.ZRecognitionReplySchema) },
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

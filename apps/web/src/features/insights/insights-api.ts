import {
  type InsightActionType,
  type TCreateRecognitionRequest,
  type TInsightReply,
  type TRecognitionReply,
  type TSearchInsightsRequest,
  type TWorkflowActionReply,
  ZInsightsReplySchema,
  ZRecognitionReplySchema,
  ZRecognitionsReplySchema,
  ZWorkflowActionReplySchema,
} from '@sage/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** Insights API and gamification service calls (alerts doc section 7). */
export const insightsApi = {
  search: (body: TSearchInsightsRequest): Promise<TInsightReply[]> =>
    api.post('insights', '/insights/search', body, { parse: ZInsightsReplySchema.parse }),
  act: (
    workflowRid: string,
    body: { type: InsightActionType; note?: string; details?: Record<string, unknown> },
  ): Promise<TWorkflowActionReply> =>
    api.post('insights', `/workflows/${encodeURIComponent(workflowRid)}/actions`, body, {
      parse: ZWorkflowActionReplySchema.parse,
    }),
  recognitions: (query: { recipientRid?: string; facilityRid?: string; seenByRecipient?: boolean }) =>
    api.get('gamification', '/recognitions', { query, parse: ZRecognitionsReplySchema.parse }),
  sendHighFive: (body: TCreateRecognitionRequest): Promise<TRecognitionReply> =>
    api.post('gamification', '/recognitions', body, { parse: ZRecognitionReplySchema.parse }),
  markSeen: (recognitionRid: string): Promise<TRecognitionReply> =>
    api.put(
      'gamification',
      `/recognitions/${encodeURIComponent(recognitionRid)}`,
      { seenByRecipient: true },
      { parse: ZRecognitionReplySchema.parse },
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

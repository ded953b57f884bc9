import type { TInsightReply } from '@sage/contract';

const visitedKey = (me: string) => `sage.insights.visitedAt.${me}`;
const laterKey = (me: string) => `sage.insights.laterUntil.${me}`;

const read = (key: string): number => {
  try {
    return Number(globalThis.localStorage?.getItem(key) ?? 0) || 0;
  } catch {
    return 0;
  }
};
const write = (key: string, value: number) => {
  try {
    globalThis.localStorage?.setItem(key, String(value));
  } catch {
    // Storage refused (private mode): the prompt may show again; nothing else depends on it.
  }
};

/** The Insights screen was opened: what was there is no longer new. */
export const markInsightsVisited = (me: string, now = Date.now()) => write(visitedKey(me), now);

/** 'Later': not again until the next local midnight. */
export function snoozeInsightsPrompt(me: string, now = new Date()): void {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  write(laterKey(me), midnight.getTime());
}

/**
 * How many insights wait for the caller: those new since their last visit, and for management only those with
 * a workflow still open; 0 while snoozed.
 */
export function insightsWaiting(
  me: string,
  insights: TInsightReply[],
  isManagement: boolean,
  now = Date.now(),
) {
  if (now < read(laterKey(me))) return 0;
  const since = read(visitedKey(me));
  return insights.filter(
    (i) =>
      Date.parse(i.createdAt) > since &&
      (!isManagement || i.workflows.some((w) => w.status === 'OPEN')) &&
      (isManagement || i.staffMember?.id === me),
  ).length;
}

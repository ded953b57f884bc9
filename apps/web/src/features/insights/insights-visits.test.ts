import type { TInsightReply, TRecognitionReply } from '@sage/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { insightsWaiting, markInsightsVisited, snoozeInsightsPrompt } from './insights-visits';
import { sendersOf } from './receive-high-five-drawer';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    },
  });
});

const insight = (id: string, createdAt: string, who: string | null, open: boolean) =>
  ({
    insightRid: id,
    createdAt,
    staffMember: who ? { id: who, firstName: 'A', lastName: 'B', profilePictureUrl: null } : null,
    workflows: [{ status: open ? 'OPEN' : 'CLOSED' }],
  }) as unknown as TInsightReply;

describe('explore insights prompt: which insights wait (decision 0294)', () => {
  const list = [
    insight('1', '2026-11-20T10:00:00Z', 'me', true),
    insight('2', '2026-11-20T10:00:00Z', 'other', true),
    insight('3', '2026-11-20T10:00:00Z', 'other', false),
  ];
  const now = Date.parse('2026-11-21T10:00:00Z');

  it('management: new ones with an open workflow; staff: their own new ones', () => {
    expect(insightsWaiting('me', list, true, now)).toBe(2);
    expect(insightsWaiting('me', list, false, now)).toBe(1);
  });

  it('none once the Insights screen was visited after them, nor while Later holds (until midnight)', () => {
    markInsightsVisited('me', Date.parse('2026-11-20T11:00:00Z'));
    expect(insightsWaiting('me', list, true, now)).toBe(0);
    store.clear();
    snoozeInsightsPrompt('me', new Date(now));
    expect(insightsWaiting('me', list, true, now)).toBe(0);
    expect(insightsWaiting('me', list, true, now + 2 * 24 * 60 * 60 * 1000)).toBe(2);
  });
});

describe('receive high five: "the high-five drawer shows at most 4 senders"', () => {
  const from = (id: string) =>
    ({
      sender: { id, firstName: id, lastName: 'X', profilePictureUrl: null },
    }) as unknown as TRecognitionReply;
  it.each([
    [['a'], ['a']],
    [
      ['a', 'a', 'b'],
      ['a', 'b'],
    ],
    [
      ['a', 'b', 'c', 'd', 'e'],
      ['a', 'b', 'c', 'd'],
    ],
  ])('%o → %o', (senders, shown) => {
    expect(sendersOf(senders.map(from)).map((s) => s.id)).toEqual(shown);
  });
});

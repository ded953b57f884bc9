import { formatTimeSince, lastPressRefreshIntervalMs } from '@sage/domain';
import { useEffect, useState } from 'react';

/**
 * Time since `thenMs` ('5s', '3m', '2h'), re-rendered as the spec says for a pendant's last press: "every
 * second within the first minute, every minute within the first hour, then stops". Null without a time. The
 * short units read the same in Spanish ('hace 5m', as the alert page's times, decision 0710); the sentence around
 * them is the reader's (`deviceAllocation.lastPress`, decision 0790).
 */
export function useTimeSince(thenMs: number | null | undefined): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (thenMs == null) return;
    const interval = lastPressRefreshIntervalMs(now - thenMs);
    if (interval === null) return;
    const timer = setTimeout(() => setNow(Date.now()), interval);
    return () => clearTimeout(timer);
  }, [thenMs, now]);
  return thenMs == null ? null : formatTimeSince(thenMs, now);
}

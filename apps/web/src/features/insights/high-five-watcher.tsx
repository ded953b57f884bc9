import { useEffect } from 'react';
import { useDrawers } from '../../shared/drawers';
import { useSession } from '../../shared/session';
import { useUnseenRecognitions } from './insights-api';

/** High fives already shown in this page's life ('Later' leaves them unseen, not shown again until reload). */
const shown = new Set<string>();

/**
 * Opens the receive-high-five drawer when unseen high fives arrive: on sign-in, and live (the socket's
 * `recognition.received` frame refetches the unseen ones; docs/decisions/0293).
 */
export function HighFiveWatcher() {
  const session = useSession();
  const unseen = useUnseenRecognitions(session?.staffMemberId);
  const drawers = useDrawers();
  useEffect(() => {
    const all = unseen.data ?? [];
    if (!all.some((r) => !shown.has(r.recognitionRid))) return;
    for (const r of all) shown.add(r.recognitionRid);
    drawers.open('receive-high-five', { recognitions: all }, { priority: 1 });
  }, [unseen.data, drawers]);
  return null;
}

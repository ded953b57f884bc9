/**
 * Whether back can go to a previous page of this app. react-router keeps the position of the current
 * entry in `history.state.idx`: 0 means the app was opened on this page (a deep link, a new tab).
 */
export function hasInAppHistory(historyLength: number, historyState: unknown): boolean {
  if (historyLength <= 1) return false;
  const idx =
    typeof historyState === 'object' && historyState !== null && 'idx' in historyState
      ? (historyState as { idx: unknown }).idx
      : undefined;
  return typeof idx === 'number' && idx > 0;
}

import { type Severity, TaskStatus as Status, type TaskStatus } from '@sage/contract';
import { RESPONSE_BAND_LIMITS } from '@sage/domain';
import { severityColor } from '../alerts/task-labels';

/**
 * How a station display shows an alert (docs/decisions/0373): the card's colour is its severity's (the app's
 * own: red for emergency types, orange high, yellow medium, gray the rest); an alert nobody has claimed
 * also shows how long it has waited, against the claim limits of the response-time bands (decision 0302):
 * up to 2 min 'new', then 'waiting', past 5 min 'overdue' (a thick red frame). Claimed alerts are calm.
 */
export type WaitBand = 'NEW' | 'WAITING' | 'OVERDUE' | 'ANSWERED';

export function waitBand(status: TaskStatus, waitedMs: number): WaitBand {
  if (status !== Status.OPEN_UNCLAIMED) return 'ANSWERED';
  const seconds = waitedMs / 1000;
  if (seconds <= RESPONSE_BAND_LIMITS.CLAIM.acceptableSeconds) return 'NEW';
  if (seconds <= RESPONSE_BAND_LIMITS.CLAIM.needsImprovementSeconds) return 'WAITING';
  return 'OVERDUE';
}

/** '45 s', '3 min', '1 h 05 min'. */
export function waitedLabel(waitedMs: number): string {
  const seconds = Math.max(0, Math.floor(waitedMs / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export interface StationLook {
  /** Mantine colour of the card's background (the severity). */
  color: string;
  band: WaitBand;
  /** Border width in px: the longer nobody answers, the heavier. */
  border: number;
}

export function stationLook(severity: Severity, status: TaskStatus, waitedMs: number): StationLook {
  const band = waitBand(status, waitedMs);
  return {
    color: severityColor(severity),
    band,
    border: band === 'OVERDUE' ? 8 : band === 'WAITING' ? 4 : 0,
  };
}

/**
 * The card's background for its colour. White text needs 4.5:1 (WCAG AA, the accessibility scan of every route):
 * Mantine's orange 8 gives 3.6:1, so high priority takes a deeper orange (#c2410c, 5.2:1); red 8 gives 4.5:1.
 * Yellow and gray carry dark text.
 */
export function stationCardBackground(color: string): string {
  if (color === 'gray') return 'gray.3';
  if (color === 'yellow') return 'yellow.4';
  if (color === 'orange') return '#c2410c';
  return `${color}.8`;
}

/** How long the live link may be down before the screen says alerts may be delayed (issue #29). */
export const LIVE_TROUBLE_AFTER_MS = 10_000;

/** Whether a link down since `downSince` (null: up) has been down more than 10 s at `now`. */
export function liveTrouble(downSince: number | null, now: number): boolean {
  return downSince !== null && now - downSince > LIVE_TROUBLE_AFTER_MS;
}

/**
 * A card's first line is the place, the unit and its room ('AL 101 · Bedroom'), read from across a hallway; then
 * what happened (issue #32, decision 0514). A label that ends with the unit already ('Call · AL 101') gives up that
 * ending to the first line; an alert with no unit (a door) keeps its label whole.
 */
export function stationHeadline(alert: { label: string; unitName: string | null; room: string | null }): {
  place: string | null;
  what: string;
} {
  if (!alert.unitName) return { place: null, what: alert.label };
  const place = alert.room ? `${alert.unitName} · ${alert.room}` : alert.unitName;
  const suffix = ` · ${alert.unitName}`;
  const what = alert.label.endsWith(suffix) ? alert.label.slice(0, -suffix.length) : alert.label;
  return { place, what };
}

import {
  type CareType,
  DEFAULT_PUSH_SUBSCRIPTION_EXPIRY_MS,
  MessageDeliveryMethod,
  type NotificationPermissionState,
  notificationJobPriorityForSeverityValue,
  PUSH_DELAY_WARNING_MS,
  PUSH_SUBSCRIPTION_RENEW_WITHIN_MS,
  SEVERITY_VALUES,
  type Severity,
} from '@sage/contract';

/**
 * Notification policy rules (sign-in doc sections 3 and 5: "a block is recurring when recurringIntervalInMs is
 * above 0; break-glass blocks are kept separately; execution time is stored in ms after start"), and who a
 * block notifies (docs/decisions/0060-notification-escalation.md). Pure: the worker feeds it rows.
 */

export interface ScheduledBlock {
  executionTimeAfterStartInMs: number;
  recurringIntervalInMs: number;
  isBreakGlass: boolean;
  priority: number;
}

/** "A block is recurring when recurringIntervalInMs is above 0." */
export const isRecurring = (block: Pick<ScheduledBlock, 'recurringIntervalInMs'>): boolean =>
  block.recurringIntervalInMs > 0;

/**
 * When run `run` (0 = first) of a block is due, in ms since the epoch: start + executionTimeAfterStartInMs,
 * then every recurringIntervalInMs while recurring. A non-recurring block has only run 0 (null after).
 */
export function blockRunAt(block: ScheduledBlock, startedAtMs: number, run: number): number | null {
  if (run < 0 || !Number.isInteger(run)) return null;
  if (run > 0 && !isRecurring(block)) return null;
  return startedAtMs + block.executionTimeAfterStartInMs + run * block.recurringIntervalInMs;
}

/** Blocks in the order they run: earliest execution time first, then priority (lower first), break-glass last. */
export function orderBlocks<B extends ScheduledBlock>(blocks: readonly B[]): B[] {
  return [...blocks].sort(
    (a, b) =>
      a.executionTimeAfterStartInMs - b.executionTimeAfterStartInMs ||
      a.priority - b.priority ||
      Number(a.isBreakGlass) - Number(b.isBreakGlass),
  );
}

/**
 * The job-queue priority of a task's notifications (lower runs first; other jobs run at 0): emergency-type
 * severities ("code blue, emergency, staff assist") ahead of everything, most severe first; the others at 0,
 * in arrival order with device events.
 */
export const notificationJobPriority = (severity: Severity): number =>
  notificationJobPriorityForSeverityValue(SEVERITY_VALUES[severity]);

/** Whether an escalation goes on: only while nobody has claimed the task and it is not resolved. */
export const shouldKeepNotifying = (status: string): boolean => status === 'OPEN_UNCLAIMED';

// ---------------------------------------------------------------------------
// Recipients
// ---------------------------------------------------------------------------

export interface UnitTags {
  unitRids: readonly string[];
  wards: readonly string[];
  careTypes: readonly CareType[];
  buildings: readonly string[];
  wings: readonly string[];
  floors: readonly string[];
}

export interface NotifiedUnit {
  id: string;
  careType: CareType;
  ward: string | null;
  building: string | null;
  wing: string | null;
  floor: string | null;
}

/**
 * Whether a care zone covers a unit: the unit is named in unitRids, or every tag list the zone fills in
 * (wards, careTypes, buildings, wings, floors) holds the unit's value. A zone with no tags covers nothing.
 */
export function zoneCoversUnit(zone: UnitTags, unit: NotifiedUnit): boolean {
  if (zone.unitRids.includes(unit.id)) return true;
  const checks: [readonly string[], string | null][] = [
    [zone.wards, unit.ward],
    [zone.careTypes, unit.careType],
    [zone.buildings, unit.building],
    [zone.wings, unit.wing],
    [zone.floors, unit.floor],
  ];
  const used = checks.filter(([values]) => values.length > 0);
  if (used.length === 0) return false;
  return used.every(([values, value]) => value !== null && values.includes(value));
}

export interface BlockFilter {
  groupIds: readonly string[];
  staffMemberIds: readonly string[];
  careZoneIds: readonly string[];
  severities: readonly Severity[];
  onCallOnly: boolean;
}

export interface Candidate {
  staffMemberId: string;
  groupIds: readonly string[];
  isOnCall: boolean;
  shouldReceiveAllCareAlerts: boolean;
  careZones: readonly (UnitTags & { id: string })[];
}

export interface NotifiedTask {
  severity: Severity;
  unit: NotifiedUnit | null;
}

/**
 * Who one block notifies about a task (in candidate order, each once). A filter applies when its severities
 * are empty or hold the task's, and its careZoneIds are empty or one of those zones covers the task's unit.
 * A candidate passes a filter when named in staffMemberIds, or in one of its groupIds (any group when
 * both lists are empty), and is on shift when onCallOnly. Then, unless the block is break-glass (the wider
 * group) or the person is named: they must receive all care alerts, or work in a care zone that covers
 * the unit (a task without a unit goes to everyone who passed).
 */
export function selectRecipients(
  task: NotifiedTask,
  block: { isBreakGlass: boolean; filters: readonly BlockFilter[] },
  candidates: readonly Candidate[],
  zonesById: ReadonlyMap<string, UnitTags> = new Map(),
): string[] {
  const chosen: string[] = [];
  for (const candidate of candidates) {
    const passes = block.filters.some((filter) => {
      if (filter.severities.length > 0 && !filter.severities.includes(task.severity)) return false;
      if (filter.careZoneIds.length > 0) {
        const unit = task.unit;
        if (!unit) return false;
        const covered = filter.careZoneIds.some((id) => {
          const zone = zonesById.get(id);
          return zone !== undefined && zoneCoversUnit(zone, unit);
        });
        if (!covered) return false;
      }
      const named = filter.staffMemberIds.includes(candidate.staffMemberId);
      const anyone = filter.groupIds.length === 0 && filter.staffMemberIds.length === 0;
      const inGroup = filter.groupIds.some((g) => candidate.groupIds.includes(g));
      if (!(named || inGroup || anyone)) return false;
      if (filter.onCallOnly && !candidate.isOnCall) return false;
      if (named || block.isBreakGlass || !task.unit) return true;
      const unit = task.unit;
      return candidate.shouldReceiveAllCareAlerts || candidate.careZones.some((z) => zoneCoversUnit(z, unit));
    });
    if (passes && !chosen.includes(candidate.staffMemberId)) chosen.push(candidate.staffMemberId);
  }
  return chosen;
}

// ---------------------------------------------------------------------------
// Text-message replies and delivery status
// ---------------------------------------------------------------------------

/** Carrier opt-out and opt-in keywords (Twilio's defaults), case and surrounding spaces ignored. */
export const SMS_STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const SMS_START_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;

/** The subscription status a text-message reply asks for, or null when it is neither START nor STOP. */
export function subscriptionStatusFromReply(body: string): 'SUBSCRIBED' | 'UNSUBSCRIBED' | null {
  const word = body.trim().toUpperCase();
  if ((SMS_STOP_KEYWORDS as readonly string[]).includes(word)) return 'UNSUBSCRIBED';
  if ((SMS_START_KEYWORDS as readonly string[]).includes(word)) return 'SUBSCRIBED';
  return null;
}

const DELIVERY_RANK = { SENT: 0, FAILED: 0, RECEIVED: 1, SHOWN: 2 } as const;
export type DeliveryState = keyof typeof DELIVERY_RANK;

/**
 * "RECEIVED when a notification arrives, SHOWN when displayed": a report moves the status forward only, so a
 * RECEIVED that arrives after SHOWN changes nothing.
 */
export const isDeliveryStatusAdvance = (current: DeliveryState, reported: 'RECEIVED' | 'SHOWN'): boolean =>
  DELIVERY_RANK[reported] > DELIVERY_RANK[current];

// ---------------------------------------------------------------------------
// Browser push (for the web app: sign-in doc sections 4, 5 and 9)
// ---------------------------------------------------------------------------

export interface PushEnvironment {
  supportsNotifications: boolean;
  supportsServiceWorker: boolean;
  supportsPush: boolean;
  /** The facility's messageDeliveryMethods. */
  messageDeliveryMethods: readonly string[];
  /** "Push subscription is skipped in end-to-end test mode." */
  isEndToEndTestMode?: boolean;
}

/**
 * "Push: works only if the browser supports notifications, service workers and push, and the facility's
 * messageDeliveryMethods include PUSH_NOTIFICATION. Push subscription is skipped in end-to-end test mode."
 */
export const isPushAvailable = (env: PushEnvironment): boolean =>
  env.supportsNotifications &&
  env.supportsServiceWorker &&
  env.supportsPush &&
  env.messageDeliveryMethods.includes(MessageDeliveryMethod.PUSH_NOTIFICATION) &&
  env.isEndToEndTestMode !== true;

/**
 * "When the facility allows push, the browser supports notifications, service workers and push, the
 * permission is default and no push subscription exists, the Allow notifications drawer opens."
 */
export const shouldOpenAllowNotificationsDrawer = (
  env: PushEnvironment,
  permission: NotificationPermissionState,
  hasSubscription: boolean,
): boolean => isPushAvailable(env) && permission === 'default' && !hasSubscription;

/**
 * "When granted, the app subscribes to push and records the subscription if none exists or the stored one
 * expires within 1 day." A stored subscription without an expiry never needs it.
 */
export function shouldRecordPushSubscription(
  stored: { expirationTime: number | null } | null | undefined,
  nowMs: number,
): boolean {
  if (!stored) return true;
  if (stored.expirationTime === null) return false;
  return stored.expirationTime - nowMs <= PUSH_SUBSCRIPTION_RENEW_WITHIN_MS;
}

/** "Default subscription expiry when the login token has none: 8 units from now" (hours, our reading). */
export const defaultPushSubscriptionExpiry = (nowMs: number): number =>
  nowMs + DEFAULT_PUSH_SUBSCRIPTION_EXPIRY_MS;

/** "A push received more than 30 s after creation is logged as delayed." */
export const isPushDelayed = (notificationCreateTime: number, receivedAtMs: number): boolean =>
  receivedAtMs - notificationCreateTime > PUSH_DELAY_WARNING_MS;

/** Notifications opt-in drawer: "The bottom button reads Continue when both are subscribed, otherwise Skip." */
export const optInDrawerButton = (statuses: { alerts: string; tasks: string }): 'Continue' | 'Skip' =>
  statuses.alerts === 'SUBSCRIBED' && statuses.tasks === 'SUBSCRIBED' ? 'Continue' : 'Skip';

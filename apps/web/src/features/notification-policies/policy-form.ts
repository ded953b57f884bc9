import {
  minutesToMs,
  msToMinutes,
  SEVERITY_LABELS,
  type TNotificationBlockForm,
  type TNotificationBlockInput,
  type TNotificationFilterInput,
  type TNotificationPolicyForm,
  type TNotificationPolicyReply,
} from '@sage/contract';

/**
 * Pure rules of the notification policy editor (sign-in doc sections 3 and 5: "execution time is stored in
 * ms after start and shown in minutes"; "a block is recurring when recurringIntervalInMs is above 0";
 * docs/decisions/0067).
 */

type Filter = TNotificationFilterInput;

const filterInput = (f: Filter): Filter => ({
  groupIds: [...f.groupIds],
  staffMemberIds: [...f.staffMemberIds],
  careZoneIds: [...f.careZoneIds],
  severities: [...f.severities],
  onCallOnly: f.onCallOnly,
});

/** Anyone on shift, about alerts of any kind anywhere: a new filter, and a first policy's. */
export const anyoneOnShift = (): Filter => ({
  groupIds: [],
  staffMemberIds: [],
  careZoneIds: [],
  severities: [],
  onCallOnly: true,
});

/**
 * A community's first ALERT policy, as the editor offers it before saving: one step at once, repeating
 * every minute until someone claims, to anyone on shift (docs/decisions/0078).
 */
export function firstPolicyForm(): TNotificationPolicyForm {
  return {
    notificationBlocks: [
      {
        startAfterMinutes: 0,
        repeatEveryMinutes: 1,
        isBreakGlass: false,
        priority: 0,
        filters: [anyoneOnShift()],
      },
    ],
  };
}

/** The policy's blocks as the form edits them, in run order (as the server gives them). */
export function policyToForm(policy: TNotificationPolicyReply): TNotificationPolicyForm {
  return {
    notificationBlocks: policy.notificationBlocks.map((b) => ({
      blockRid: b.blockRid,
      startAfterMinutes: msToMinutes(b.executionTimeAfterStartInMs),
      repeatEveryMinutes: msToMinutes(b.recurringIntervalInMs),
      isBreakGlass: b.isBreakGlass,
      priority: b.priority,
      filters: b.filters.map(filterInput),
    })),
  };
}

/** The PATCH body: every block, in ms (blocks replace the old ones). */
export function formToPatchBody(form: TNotificationPolicyForm): {
  notificationBlocks: TNotificationBlockInput[];
} {
  return {
    notificationBlocks: form.notificationBlocks.map((b) => ({
      executionTimeAfterStartInMs: minutesToMs(b.startAfterMinutes),
      recurringIntervalInMs: minutesToMs(b.repeatEveryMinutes),
      isBreakGlass: b.isBreakGlass,
      priority: b.priority,
      filters: b.filters.map(filterInput),
    })),
  };
}

/**
 * A new step: after the last one (its start plus its repeat interval, or plus 1 minute when it does not
 * repeat), not repeating, not break-glass, notifying whom the last step notifies (or anyone on shift).
 */
export function newBlock(previous: TNotificationBlockForm | undefined): TNotificationBlockForm {
  if (!previous) {
    return {
      startAfterMinutes: 0,
      repeatEveryMinutes: 0,
      isBreakGlass: false,
      priority: 0,
      filters: [anyoneOnShift()],
    };
  }
  return {
    startAfterMinutes: previous.startAfterMinutes + (previous.repeatEveryMinutes || 1),
    repeatEveryMinutes: 0,
    isBreakGlass: false,
    priority: previous.priority,
    filters: previous.filters.map(filterInput),
  };
}

/** "Starts at once" / "Starts after 2 minutes"; "Does not repeat" / "Repeats every 5 minutes". */
export const minutesPhrase = (minutes: number): string => (minutes === 1 ? '1 minute' : `${minutes} minutes`);

export function blockSummary(
  b: Pick<TNotificationBlockForm, 'startAfterMinutes' | 'repeatEveryMinutes'>,
): string {
  const start =
    b.startAfterMinutes === 0 ? 'Starts at once' : `Starts after ${minutesPhrase(b.startAfterMinutes)}`;
  const repeat =
    b.repeatEveryMinutes > 0 ? `repeats every ${minutesPhrase(b.repeatEveryMinutes)}` : 'does not repeat';
  return `${start}, ${repeat}`;
}

export interface FacilityNames {
  groups: ReadonlyMap<string, string>;
  staff: ReadonlyMap<string, string>;
  careZones: ReadonlyMap<string, string>;
}

const list = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

/**
 * What a filter means, in plain words: who it notifies and about which alerts (mirrors selectRecipients of
 * @sage/domain). Unknown ids (a group since deleted) read as such rather than disappearing.
 */
export function describeFilter(filter: Filter, names: FacilityNames): { who: string; which: string } {
  const groups = filter.groupIds.map((id) => names.groups.get(id) ?? 'an unknown group');
  const people = filter.staffMemberIds.map((id) => names.staff.get(id) ?? 'an unknown staff member');
  const parts = [...(groups.length ? [`members of ${list(groups)}`] : []), ...people];
  const whom = parts.length ? list(parts) : 'anyone in the community';
  const who = `${whom.charAt(0).toUpperCase()}${whom.slice(1)}, ${filter.onCallOnly ? 'only when on shift' : 'on shift or not'}`;

  const severities = filter.severities.map((s) => SEVERITY_LABELS[s]);
  const zones = filter.careZoneIds.map((id) => names.careZones.get(id) ?? 'an unknown care zone');
  const kind = severities.length ? `${list(severities)} alerts` : 'Alerts of any kind';
  const where = zones.length ? `in ${list(zones)}` : 'anywhere in the community';
  return { who, which: `${kind} ${where}` };
}

const SERVER_TO_FORM_FIELD: Record<string, string> = {
  executionTimeAfterStartInMs: 'startAfterMinutes',
  recurringIntervalInMs: 'repeatEveryMinutes',
  isBreakGlass: 'isBreakGlass',
  priority: 'priority',
};

/**
 * A 400's issues (`body.notificationBlocks.0.recurringIntervalInMs`) as errors of the form's fields
 * (`notificationBlocks.0.repeatEveryMinutes`); issues of other fields (a filter naming a group since deleted)
 * go under the step's filters.
 */
export function serverIssuesToFormErrors(
  issues: readonly { field: string; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const match = /^body\.notificationBlocks\.(\d+)\.([A-Za-z]+)/.exec(issue.field);
    if (!match) continue;
    const [, index, field = ''] = match;
    const formField = SERVER_TO_FORM_FIELD[field] ?? 'filters';
    errors[`notificationBlocks.${index}.${formField}`] ??= issue.message;
  }
  return errors;
}

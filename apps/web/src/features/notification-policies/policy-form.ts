import {
  minutesToMs,
  msToMinutes,
  NotificationPolicyFormMessages,
  type Severity,
  type TNotificationBlockForm,
  type TNotificationBlockInput,
  type TNotificationFilterInput,
  type TNotificationPolicyForm,
  type TNotificationPolicyReply,
} from '@sage/contract';
import type { Language } from '@sage/i18n/languages';
import type { Messages } from '../../shared/i18n';

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

/**
 * The words the summaries are made of, in the reader's language (decision 0760): the `policies` messages and the
 * severities' names (the `severity` namespace).
 */
export interface PolicyWords {
  m: Messages<'policies'>;
  severity: (severity: Severity) => string;
}

/** "Starts at once, repeats every 1 minute" / "Starts after 2 minutes, does not repeat". */
export function blockSummary(
  b: Pick<TNotificationBlockForm, 'startAfterMinutes' | 'repeatEveryMinutes'>,
  { m }: PolicyWords,
): string {
  const start =
    b.startAfterMinutes === 0 ? m.startsAtOnce() : m.startsAfter({ minutes: b.startAfterMinutes });
  const repeat =
    b.repeatEveryMinutes > 0 ? m.repeatsEvery({ minutes: b.repeatEveryMinutes }) : m.doesNotRepeat();
  return `${start}, ${repeat}`;
}

export interface FacilityNames {
  groups: ReadonlyMap<string, string>;
  staff: ReadonlyMap<string, string>;
  careZones: ReadonlyMap<string, string>;
}

const list = (items: string[], { m }: PolicyWords): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : m.or({ first: items.slice(0, -1).join(', '), last: items[items.length - 1] ?? '' });

/**
 * What a filter means, in plain words: who it notifies and about which alerts (mirrors selectRecipients of
 * @sage/domain). Unknown ids (a group since deleted) read as such rather than disappearing.
 */
export function describeFilter(
  filter: Filter,
  names: FacilityNames,
  words: PolicyWords,
): { who: string; which: string } {
  const { m } = words;
  const groups = filter.groupIds.map((id) => names.groups.get(id) ?? m.unknownGroup());
  const people = filter.staffMemberIds.map((id) => names.staff.get(id) ?? m.unknownStaff());
  const parts = [...(groups.length ? [m.membersOf({ groups: list(groups, words) })] : []), ...people];
  const whom = parts.length ? list(parts, words) : m.anyone();
  const who = `${whom.charAt(0).toUpperCase()}${whom.slice(1)}, ${filter.onCallOnly ? m.onlyOnShift() : m.onShiftOrNot()}`;

  const severities = filter.severities.map((s) => words.severity(s));
  const zones = filter.careZoneIds.map((id) => names.careZones.get(id) ?? m.unknownCareZone());
  const kind = severities.length ? m.kindAlerts({ severities: list(severities, words) }) : m.anyKind();
  const where = zones.length ? m.inZones({ zones: list(zones, words) }) : m.anywhere();
  return { who, which: `${kind} ${where}` };
}

/** The form's checks by their key in the `policies` messages (the contract's texts: the English is the same). */
const FORM_CHECK_KEYS = Object.keys(
  NotificationPolicyFormMessages,
) as (keyof typeof NotificationPolicyFormMessages)[];

/**
 * The form's errors in the reader's language: English as the schema (or the server) wrote them; another language
 * each of the contract's checks in it, anything else 'Check this field'.
 */
export function policyFieldChecks(
  errors: Record<string, unknown>,
  m: Messages<'policies'>,
  language: Language,
): Record<string, string> {
  const said: Record<string, string> = {};
  for (const [field, error] of Object.entries(errors)) {
    if (error === undefined || error === null || error === false) continue;
    const text = String(error);
    if (language === 'en') {
      said[field] = text;
      continue;
    }
    const key = FORM_CHECK_KEYS.find((k) => NotificationPolicyFormMessages[k] === text);
    said[field] = key ? m[key]() : m.checkField();
  }
  return said;
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

import {
  TASK_SCHEDULE_DURATION_MAX,
  TASK_SCHEDULE_INTERVAL_MAX,
  TASK_SCHEDULE_INTERVAL_MIN,
} from '@sage/contract';
import type { Language } from '@sage/i18n/languages';
import type { z } from 'zod';
import type { Messages } from '../../shared/i18n';

/** One failed rule of a contract schema, under the form's field path ('durationInMin'). */
export interface FieldIssue {
  path: string;
  code: string;
  message: string;
  maximum?: number;
}

/** Each field's first failed rule of `schema` for `request` (the form's values turned into the request). */
export function schemaIssues(schema: z.ZodType, request: unknown): FieldIssue[] {
  const result = schema.safeParse(request);
  if (result.success) return [];
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    const maximum = 'maximum' in issue ? Number(issue.maximum) : undefined;
    issues.push({
      path,
      code: issue.code,
      message: issue.message,
      ...(maximum !== undefined ? { maximum } : {}),
    });
  }
  return issues;
}

type TaskFormMessages = Messages<'taskForm'>;

/**
 * A field check of the task and schedule forms in the reader's language (decision 0760). English is the schema's
 * own text, as it always was; another language says what the rule is when the form knows it (the schedule's
 * repeat and duration bounds, a title too long, control characters, the time), else 'Check this field'.
 */
export function taskFieldCheck(issue: FieldIssue, m: TaskFormMessages, language: Language): string {
  if (language === 'en') return issue.message;
  const field = issue.path;
  if (field === 'recurringIntervalInMin') {
    if (issue.code === 'too_small') return m.intervalTooShort();
    if (issue.code === 'too_big') return m.intervalTooLong();
  }
  if (field === 'durationInMin') {
    if (issue.code === 'too_small') return m.durationTooShort();
    if (issue.code === 'too_big') return m.durationTooLong();
  }
  if (field === 'startAt') return m.invalidTime();
  if (issue.code === 'too_small' && (field === 'title' || field === 'description')) return m.required();
  if (issue.code === 'too_big' && issue.maximum !== undefined) return m.tooLong({ max: issue.maximum });
  if (issue.code === 'custom' && /control characters/.test(issue.message)) return m.controlCharacters();
  return m.checkField();
}

/** The form's errors: each field's first issue, said by `taskFieldCheck`. */
export const taskFieldErrors = (
  issues: readonly FieldIssue[],
  m: TaskFormMessages,
  language: Language,
): Record<string, string> =>
  Object.fromEntries(issues.map((issue) => [issue.path, taskFieldCheck(issue, m, language)]));

/**
 * A reply's field issues (already by the form's field) in the reader's language: English as the server wrote it;
 * another language 'Check this field' (the server's rules beyond the schema the form checks first).
 */
export const serverFieldChecks = (
  errors: Record<string, string>,
  m: TaskFormMessages,
  language: Language,
): Record<string, string> =>
  language === 'en'
    ? errors
    : Object.fromEntries(Object.keys(errors).map((field) => [field, m.checkField()]));

/** The bounds the schedule form's checks name (the Spanish messages state them: the test compares). */
export const SCHEDULE_BOUNDS = {
  intervalMin: TASK_SCHEDULE_INTERVAL_MIN,
  intervalMax: TASK_SCHEDULE_INTERVAL_MAX,
  durationMax: TASK_SCHEDULE_DURATION_MAX,
} as const;

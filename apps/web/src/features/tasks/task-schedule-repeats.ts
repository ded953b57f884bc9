import { TASK_SCHEDULE_REPEAT_OPTIONS } from '@sage/contract';
import type { Messages } from '../../shared/i18n';

/** A schedule's repeat as the editor names it ('Every day'), else 'Every 90 minutes', in the reader's language. */
export function repeatLabel(minutes: number | null, m: Messages<'taskForm'>): string {
  const option = (m as unknown as Record<string, (() => string) | undefined>)[`repeat_${minutes ?? 0}`];
  return option ? option() : m.everyMinutes({ minutes: minutes ?? 0 });
}

/** The editor's repeat choices (minutes), with the schedule's own when it is none of them. */
export function repeatOptionValues(current: string): number[] {
  const values: number[] = TASK_SCHEDULE_REPEAT_OPTIONS.map((o) => o.value);
  const own = Number(current);
  return values.includes(own) ? values : [...values, own];
}

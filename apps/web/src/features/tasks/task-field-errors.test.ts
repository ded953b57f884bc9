import {
  TASK_SCHEDULE_DURATION_MAX,
  TASK_SCHEDULE_INTERVAL_MAX,
  TASK_SCHEDULE_INTERVAL_MIN,
  ZCreateTaskRequestSchema,
  ZUpdateTaskScheduleRequestSchema,
} from '@sage/contract';
import { CATALOGUES, translate } from '@sage/i18n';
import type { Language } from '@sage/i18n/languages';
import { describe, expect, it } from 'vitest';
import type { Messages } from '../../shared/i18n';
import { schemaIssues, serverFieldChecks, taskFieldErrors } from './task-field-errors';
import { repeatLabel, repeatOptionValues } from './task-schedule-repeats';

/** The `taskForm` messages in `language`, as the forms read them. */
const messagesIn = (language: Language) =>
  Object.fromEntries(
    Object.keys(CATALOGUES.en.taskForm).map((key) => [
      key,
      (values?: Record<string, string | number>) => translate(language, 'taskForm', key as never, values),
    ]),
  ) as unknown as Messages<'taskForm'>;
const en = messagesIn('en');
const es = messagesIn('es');

const schedule = {
  title: 'Water the plants',
  description: null,
  severity: 'MEDIUM_PRIORITY',
  startAt: '2026-03-08T08:00:00.000Z',
  recurringIntervalInMin: 1440,
  durationInMin: null,
  assigneeGroupId: null,
  assigneeId: null,
  isActive: true,
};

describe('the task and schedule forms’ field checks (decision 0760)', () => {
  const bad = {
    ...schedule,
    recurringIntervalInMin: TASK_SCHEDULE_INTERVAL_MIN - 1,
    durationInMin: TASK_SCHEDULE_DURATION_MAX + 1,
    title: 'x'.repeat(201),
    startAt: 'soon',
  };
  const issues = schemaIssues(ZUpdateTaskScheduleRequestSchema, bad);

  it('English reads as the schema wrote it, and the catalogue’s English is that text', () => {
    const english = taskFieldErrors(issues, en, 'en');
    expect(english).toEqual(Object.fromEntries(issues.map((i) => [i.path, i.message])));
    expect(english.recurringIntervalInMin).toBe(en.intervalTooShort());
    expect(english.durationInMin).toBe(en.durationTooLong());
    const tooLong = schemaIssues(ZUpdateTaskScheduleRequestSchema, {
      ...schedule,
      recurringIntervalInMin: TASK_SCHEDULE_INTERVAL_MAX + 1,
      durationInMin: 0,
    });
    const said = taskFieldErrors(tooLong, en, 'en');
    expect(said.recurringIntervalInMin).toBe(en.intervalTooLong());
    expect(said.durationInMin).toBe(en.durationTooShort());
    const control = taskFieldErrors(
      schemaIssues(ZCreateTaskRequestSchema, { facilityId: 'f1', title: 'a\u0007b' }),
      en,
      'en',
    );
    expect(control.title).toBe(en.controlCharacters());
  });

  it('Spanish says each rule, the bounds as the contract’s', () => {
    expect(taskFieldErrors(issues, es, 'es')).toEqual({
      recurringIntervalInMin: `Se repite como mucho cada ${TASK_SCHEDULE_INTERVAL_MIN} minutos`,
      durationInMin: `La duración es de ${TASK_SCHEDULE_DURATION_MAX} minutos o menos`,
      title: 'Como máximo 200 caracteres',
      startAt: 'Escriba una fecha y una hora',
    });
    const tooLong = schemaIssues(ZUpdateTaskScheduleRequestSchema, {
      ...schedule,
      recurringIntervalInMin: TASK_SCHEDULE_INTERVAL_MAX + 1,
      durationInMin: 0,
    });
    expect(taskFieldErrors(tooLong, es, 'es')).toEqual({
      recurringIntervalInMin: `Se repite por lo menos cada ${TASK_SCHEDULE_INTERVAL_MAX} minutos`,
      durationInMin: 'La duración es de 1 minuto o más',
    });
    const control = schemaIssues(ZCreateTaskRequestSchema, { facilityId: 'f1', title: 'a\u0007b' });
    expect(taskFieldErrors(control, es, 'es')).toEqual({ title: 'No puede tener caracteres de control' });
  });

  it('a reply’s field issues: English as sent, Spanish asks to check the field', () => {
    const errors = { assigneeId: 'No such staff member in this facility' };
    expect(serverFieldChecks(errors, en, 'en')).toEqual(errors);
    expect(serverFieldChecks(errors, es, 'es')).toEqual({ assigneeId: 'Revise este campo' });
  });
});

describe('a schedule’s repeat', () => {
  it('named as the editor offers it, else every N minutes, in each language', () => {
    expect(repeatLabel(1440, en)).toBe('Every day');
    expect(repeatLabel(null, en)).toBe('Does not repeat');
    expect(repeatLabel(90, en)).toBe('Every 90 minutes');
    expect(repeatLabel(1440, es)).toBe('Cada día');
    expect(repeatLabel(90, es)).toBe('Cada 90 minutos');
  });

  it('the choices keep a schedule’s own repeat', () => {
    expect(repeatOptionValues('1440')).toEqual([0, 60, 240, 480, 720, 1440, 10080]);
    expect(repeatOptionValues('90')).toEqual([0, 60, 240, 480, 720, 1440, 10080, 90]);
  });
});

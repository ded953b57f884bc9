import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  NOTE_MAX_LENGTH,
  type Severity,
  type TGroup,
  type TStaffMember,
  type TTaskSchedule,
  type TUpdateTaskScheduleRequest,
  ZUpdateTaskScheduleRequestSchema,
} from '@sage/contract';
import { useLanguage, useMessages } from '../../shared/i18n';
import { schemaIssues, taskFieldErrors } from './task-field-errors';
import {
  groupOptions,
  isoToLocalInput,
  localInputToIso,
  staffOptions,
  useSeverityOptions,
} from './task-form-options';
import { repeatLabel, repeatOptionValues } from './task-schedule-repeats';
import './task-form-messages';

export type ScheduleFields = Omit<TUpdateTaskScheduleRequest, 'updatedAt'>;

interface Values {
  title: string;
  description: string;
  severity: Severity;
  startAt: string;
  repeat: string;
  durationInMin: number | string;
  assigneeGroupId: string | null;
  assigneeId: string | null;
  isActive: boolean;
}

/** Add or edit a task schedule (@mantine/form with the contract's schema); times on the facility's clock. */
export function TaskScheduleForm({
  schedule,
  timeZone,
  groups,
  staff,
  saving,
  serverErrors,
  onSave,
  onCancel,
  onDelete,
}: {
  schedule: TTaskSchedule | null;
  timeZone: string;
  groups: readonly TGroup[] | undefined;
  staff: readonly TStaffMember[] | undefined;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSave: (fields: ScheduleFields) => void;
  onCancel: () => void;
  onDelete?: () => void;
}) {
  const m = useMessages('taskForm');
  const language = useLanguage();
  const severityOptions = useSeverityOptions();
  const form = useForm<Values>({
    initialValues: {
      title: schedule?.title ?? '',
      description: schedule?.description ?? '',
      severity: schedule?.severity ?? 'MEDIUM_PRIORITY',
      startAt: schedule ? isoToLocalInput(schedule.startAt, timeZone) : '',
      repeat: String(schedule?.recurringIntervalInMin ?? 1440),
      durationInMin: schedule?.durationInMin ?? '',
      assigneeGroupId: schedule?.assigneeGroupId ?? null,
      assigneeId: schedule?.assigneeId ?? null,
      isActive: schedule?.isActive ?? true,
    },
    validate: (values) => {
      const errors = taskFieldErrors(
        schemaIssues(ZUpdateTaskScheduleRequestSchema, toFields(values, timeZone)),
        m,
        language,
      );
      if (!values.title.trim()) errors.title = m.required();
      if (!values.startAt) errors.startAt = m.required();
      return errors;
    },
  });
  const error = (field: keyof Values) => form.errors[field] ?? serverErrors[field];
  const repeatOptions = repeatOptionValues(form.values.repeat).map((value) => ({
    value: String(value),
    label: repeatLabel(value, m),
  }));
  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={form.onSubmit((values) => onSave(toFields(values, timeZone)))}>
        <Stack gap="md">
          <Title order={2} fz="h4">
            {schedule ? m.editSchedule() : m.addSchedule()}
          </Title>
          <TextInput
            size="lg"
            label={m.task()}
            maxLength={200}
            withAsterisk
            {...form.getInputProps('title')}
            error={error('title')}
          />
          <Textarea
            size="md"
            label={m.details()}
            autosize
            minRows={2}
            maxLength={NOTE_MAX_LENGTH}
            {...form.getInputProps('description')}
            error={error('description')}
          />
          <TextInput
            size="lg"
            type="datetime-local"
            label={m.firstTime({ timeZone })}
            withAsterisk
            {...form.getInputProps('startAt')}
            error={error('startAt')}
          />
          <Select
            size="lg"
            label={m.repeats()}
            data={repeatOptions}
            allowDeselect={false}
            {...form.getInputProps('repeat')}
            error={error('recurringIntervalInMin' as keyof Values)}
          />
          <NumberInput
            size="lg"
            label={m.duration()}
            min={1}
            allowDecimal={false}
            {...form.getInputProps('durationInMin')}
            error={error('durationInMin')}
          />
          <Select
            size="lg"
            label={m.priority()}
            data={severityOptions}
            allowDeselect={false}
            {...form.getInputProps('severity')}
          />
          <Select
            size="lg"
            label={m.group()}
            placeholder={m.anyGroup()}
            clearable
            data={groupOptions(groups)}
            {...form.getInputProps('assigneeGroupId')}
            error={error('assigneeGroupId')}
          />
          <Select
            size="lg"
            label={m.assignTo()}
            placeholder={m.nobodyYet()}
            clearable
            searchable
            data={staffOptions(staff, form.values.assigneeGroupId)}
            {...form.getInputProps('assigneeId')}
            error={error('assigneeId')}
          />
          <Switch size="lg" label={m.active()} {...form.getInputProps('isActive', { type: 'checkbox' })} />
          <Button type="submit" size="lg" fullWidth loading={saving}>
            {m.save()}
          </Button>
          <Group grow>
            <Button variant="default" size="lg" onClick={onCancel} disabled={saving}>
              {m.cancel()}
            </Button>
            {onDelete ? (
              <Button color="red" variant="light" size="lg" onClick={onDelete} disabled={saving}>
                {m.delete()}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function toFields(values: Values, timeZone: string): ScheduleFields {
  const interval = Number(values.repeat);
  const duration = values.durationInMin === '' ? null : Number(values.durationInMin);
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    severity: values.severity,
    startAt: localInputToIso(values.startAt, timeZone) ?? values.startAt,
    recurringIntervalInMin: interval > 0 ? interval : null,
    durationInMin: duration,
    assigneeGroupId: values.assigneeGroupId,
    assigneeId: values.assigneeId,
    isActive: values.isActive,
  };
}

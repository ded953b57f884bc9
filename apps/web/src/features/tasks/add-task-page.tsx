import { Box, Button, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NOTE_MAX_LENGTH, type Severity, ZCreateTaskRequestSchema } from '@sage/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { preloadMessages, useLanguage, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { serverFieldErrors } from '../admin/form-rules';
import { taskKeys } from '../alerts/alerts-api';
import { useCurrentFacility, useFacilityStaff } from '../shift/shift-api';
import { useFacilityGroups } from '../team/team-api';
import { schemaIssues, serverFieldChecks, taskFieldErrors } from './task-field-errors';
import { groupOptions, staffOptions, useSeverityOptions } from './task-form-options';
import { manualTasksApi } from './tasks-api';
import './task-form-messages';

/** The task list (tasks-page.tsx's TASKS_ROUTE, not imported: that would bring its page into this one's chunk). */
const TASKS_LIST_ROUTE = '/tasks';

/** Navigation state of /tasks/add: "receives navigation state with assigneeId and groupId". */
interface AddTaskState {
  assigneeId?: string;
  groupId?: string;
}

interface AddTaskValues {
  title: string;
  description: string;
  severity: Severity;
  assigneeGroupId: string | null;
  assigneeId: string | null;
}

/**
 * /tasks/add (sign-in doc section 2): a task added by hand, POST /tasks. 'Assign task' on a team member opens it
 * with the assignee and their group filled in; after a successful submit it goes to /dashboard.
 */
export function AddTaskPage() {
  preloadMessages('taskForm', 'severity');
  const m = useMessages('taskForm');
  const language = useLanguage();
  const severityOptions = useSeverityOptions();
  const location = useLocation();
  const state = (location.state ?? {}) as AddTaskState;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  const groups = useFacilityGroups(facilityId);
  const staff = useFacilityStaff(facilityId);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const form = useForm<AddTaskValues>({
    initialValues: {
      title: '',
      description: '',
      severity: 'MEDIUM_PRIORITY',
      assigneeGroupId: state.groupId ?? null,
      assigneeId: state.assigneeId ?? null,
    },
    validateInputOnChange: true,
    validate: (values) => {
      const errors = taskFieldErrors(
        schemaIssues(ZCreateTaskRequestSchema, toRequest(values, facilityId ?? 'x')),
        m,
        language,
      );
      if (!values.title.trim()) errors.title = m.required();
      return errors;
    },
  });

  const save = useMutation({
    mutationFn: (values: AddTaskValues) => manualTasksApi.create(toRequest(values, facilityId as string)),
    onSuccess: async () => {
      toast.success(m.added());
      await queryClient.invalidateQueries({ queryKey: taskKeys.lists });
      // Back where the form was opened from (the task list, a team member's page); /tasks when opened directly
      // (issue #32: the dashboard was a detour; docs/decisions/0531).
      if (location.key !== 'default') void navigate(-1);
      else void navigate(TASKS_LIST_ROUTE, { replace: true });
    },
    onError: (error) => {
      setServerErrors(serverFieldChecks(serverFieldErrors(error), m, language));
      toast.error(m.addFailed());
      reportError(error, { action: 'add-task' });
    },
  });
  const error = (field: keyof AddTaskValues) => form.errors[field] ?? serverErrors[field];
  const people = staffOptions(staff.data, form.values.assigneeGroupId);

  return (
    <>
      <PageHeader title={m.addTitle()} confirmBack={form.isDirty()} />
      <Box component="main" p="md" maw={640} mx="auto">
        <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
          <Stack gap="md">
            <TextInput
              size="lg"
              label={m.task()}
              placeholder={m.taskPlaceholder()}
              maxLength={200}
              withAsterisk
              {...form.getInputProps('title')}
              error={error('title')}
            />
            <Textarea
              size="md"
              label={m.details()}
              autosize
              minRows={3}
              maxLength={NOTE_MAX_LENGTH}
              {...form.getInputProps('description')}
              error={error('description')}
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
              data={groupOptions(groups.data)}
              {...form.getInputProps('assigneeGroupId')}
              onChange={(value) => {
                form.setFieldValue('assigneeGroupId', value);
                const stillIn = staffOptions(staff.data, value).some(
                  (p) => p.value === form.values.assigneeId,
                );
                if (!stillIn) form.setFieldValue('assigneeId', null);
              }}
              error={error('assigneeGroupId')}
            />
            <Select
              size="lg"
              label={m.assignTo()}
              placeholder={m.nobodyYet()}
              clearable
              searchable
              data={people}
              {...form.getInputProps('assigneeId')}
              error={error('assigneeId')}
            />
            <Button type="submit" size="lg" fullWidth loading={save.isPending} disabled={!facilityId}>
              {m.addTitle()}
            </Button>
          </Stack>
        </form>
      </Box>
    </>
  );
}

function toRequest(values: AddTaskValues, facilityId: string) {
  return {
    facilityId,
    title: values.title.trim(),
    severity: values.severity,
    ...(values.description.trim() ? { description: values.description.trim() } : {}),
    ...(values.assigneeId ? { assigneeId: values.assigneeId } : {}),
    ...(values.assigneeGroupId ? { assigneeGroupId: values.assigneeGroupId } : {}),
  };
}

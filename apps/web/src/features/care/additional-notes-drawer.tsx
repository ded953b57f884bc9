import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import {
  STAFF_ASSIST_DEFAULT,
  STAFF_ASSIST_MAX,
  STAFF_ASSIST_MIN,
  ZLogCareRequestSchema,
  ZResolveTaskRequestSchema,
} from '@sage/contract';
import {
  clampStaffAssist,
  isEmergencyFlag,
  multiOutcomeResolution,
  noteFieldState,
  showStaffAssistCounter,
} from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { invalidateTask, tasksApi } from '../alerts/alerts-api';
import { updateCachedTaskLists } from '../alerts/task-cache';
import { careApi, careKeys } from './care-api';
import './care-messages';
import { DiscardChangesPrompt } from './discard-changes';
import { NoteField } from './note-field';
import { type ResolutionContext, resolutionData } from './resolution-steps';

export interface AdditionalNotesDrawerProps {
  context: ResolutionContext;
}

/**
 * Additional Notes (drawer 4, care log or task resolution): staff-assist counter (1 to 5, default 1, only for
 * non-door-alarm new care logs that are not refusals, or emergencies), notes field, Submit and Go Back.
 * Submit resolves the task (or logs the care) with what the earlier steps chose, and the counter's value as
 * staffAssistCount where the counter shows (docs/decisions/0057).
 */
export function AdditionalNotesDrawer({
  drawer,
  context,
}: AdditionalNotesDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('care');
  const r = useMessages('resolve');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const data = resolutionData(drawer);
  const [notes, setNotes] = useState('');
  const [staffAssist, setStaffAssist] = useState(STAFF_ASSIST_DEFAULT);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const noteState = noteFieldState(notes);
  const isEmergency = isEmergencyFlag(context.severity);
  const withCounter = showStaffAssistCounter({
    deviceType: context.deviceType,
    isNewCareLog: context.taskId === null,
    isRefusal: context.isRefusal,
    isEmergency,
  });

  const mutation = useMutation({
    mutationFn: async () => {
      const outcome =
        data.outcome ?? multiOutcomeResolution(data.selected ?? [], { isRefusal: context.isRefusal });
      if (!outcome) throw new Error('Nothing selected');
      const resolutionNote = notes.trim() || undefined;
      // The counter's value goes only where it is shown (the server refuses it elsewhere; decision 0057).
      const counter = withCounter ? { staffAssistCount: clampStaffAssist(staffAssist) } : {};
      if (context.taskId) {
        if (data.observationNotes) {
          await tasksApi.addNote(context.taskId, { subject: 'Observations', content: data.observationNotes });
        }
        return tasksApi.resolve(
          context.taskId,
          ZResolveTaskRequestSchema.parse({
            ...outcome,
            resolutionNote,
            residentId: context.residentId,
            observations: data.observations ?? [],
            ...counter,
          }),
        );
      }
      if (!context.residentId) throw new Error('No resident');
      const note = [data.observationNotes, resolutionNote].filter(Boolean).join('\n') || undefined;
      return careApi.logCare(
        ZLogCareRequestSchema.parse({
          residentId: context.residentId,
          careOutcomes: outcome.careOutcomes,
          observations: data.observations ?? [],
          resolutionNote: note,
          ...counter,
          ...(context.unitId ? { unitId: context.unitId } : {}),
        }),
      );
    },
    onSuccess: (reply) => {
      if (context.taskId) {
        toast.success(
          context.deviceType === 'DOOR_ALARM'
            ? m.doorChecked()
            : isEmergency
              ? m.emergencyResolved()
              : m.taskResolved(),
        );
        if (reply && 'status' in reply) {
          updateCachedTaskLists(queryClient, { id: reply.id, status: reply.status, task: reply });
        }
        void invalidateTask(queryClient, context.taskId);
        // "/dashboard: default redirect after a successful submit" (alerts doc section 2).
        navigate('/dashboard');
      } else {
        toast.success(
          context.isRefusal
            ? r.refusedLogged()
            : r.careLoggedFor({ residentName: context.residentName ?? '' }),
        );
        void queryClient.invalidateQueries({ queryKey: careKeys.all });
      }
      drawer.next();
    },
    onError: (error) => {
      reportError(error, { action: context.taskId ? 'resolve-task' : 'log-care', context });
      if (!context.taskId) {
        toast.error(r.careLogFailed());
      } else if (isApiError(error) && error.status === 409) {
        toast.error(context.deviceType ? r.alreadyResolvedAlert() : r.alreadyResolvedTask());
        void invalidateTask(queryClient, context.taskId);
        drawer.close();
      } else {
        toast.error(r.failed());
      }
    },
  });

  if (confirmLeave) {
    return <DiscardChangesPrompt onDiscard={drawer.back} onCancel={() => setConfirmLeave(false)} />;
  }
  return (
    <DrawerLayout
      drawer={drawer}
      withBack={false}
      title={r.additionalNotesTitle()}
      actions={
        <>
          <Button
            size="lg"
            fullWidth
            disabled={!noteState.isValid || mutation.isPending}
            loading={mutation.isPending}
            onClick={() => mutation.mutate()}
          >
            {r.submit()}
          </Button>
          <Button
            size="lg"
            fullWidth
            variant="default"
            disabled={mutation.isPending}
            onClick={() =>
              notes !== '' || staffAssist !== STAFF_ASSIST_DEFAULT ? setConfirmLeave(true) : drawer.back()
            }
          >
            {r.goBack()}
          </Button>
        </>
      }
    >
      <Stack gap="md">
        {withCounter ? (
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} id="staff-assist-label">
              {r.staffWhoAssisted()}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="lg"
                variant="default"
                aria-label={r.fewerStaff()}
                disabled={staffAssist <= STAFF_ASSIST_MIN}
                onClick={() => setStaffAssist((n) => clampStaffAssist(n - 1))}
              >
                −
              </Button>
              <NumberInput
                aria-labelledby="staff-assist-label"
                value={staffAssist}
                min={STAFF_ASSIST_MIN}
                max={STAFF_ASSIST_MAX}
                hideControls
                w={56}
                size="lg"
                styles={{ input: { textAlign: 'center' } }}
                onChange={(value) => setStaffAssist(clampStaffAssist(Number(value)))}
              />
              <Button
                size="lg"
                variant="default"
                aria-label={r.moreStaff()}
                disabled={staffAssist >= STAFF_ASSIST_MAX}
                onClick={() => setStaffAssist((n) => clampStaffAssist(n + 1))}
              >
                +
              </Button>
            </Group>
          </Group>
        ) : null}
        <NoteField value={notes} onChange={setNotes} touched={notes !== ''} />
      </Stack>
    </DrawerLayout>
  );
}

import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZCreateTaskNoteRequestSchema } from '@sage/contract';
import { canSubmitForm, noteFieldState } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { invalidateTask, tasksApi } from '../alerts/alerts-api';
import { DiscardChangesPrompt } from './discard-changes';
import { NoteField } from './note-field';
import './care-messages';

export interface AddNoteDrawerProps {
  taskId: string;
}

/** 'Add a Note' (drawer 2): multi-line notes field, Submit and Cancel. */
export function AddNoteDrawer({ drawer, taskId }: AddNoteDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('resolve');
  const queryClient = useQueryClient();
  const [changed, setChanged] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { content: '' },
    validateInputOnChange: true,
    validate: {
      content: (value: string) => noteFieldState(value, { required: true }).error,
    },
  });
  const mutation = useMutation({
    mutationFn: (content: string) =>
      tasksApi.addNote(taskId, ZCreateTaskNoteRequestSchema.parse({ content })),
    onSuccess: () => {
      toast.success(m.noteAdded());
      void invalidateTask(queryClient, taskId);
      drawer.next();
    },
    onError: (error) => {
      reportError(error, { action: 'add-task-note', taskId });
      toast.error(m.noteAddFailed());
    },
  });
  const content = form.getValues().content;
  const enabled = canSubmitForm({
    isDirty: form.isDirty(),
    isValid: noteFieldState(content, { required: true }).isValid,
    isSaving: mutation.isPending,
  });
  if (confirmLeave) {
    return <DiscardChangesPrompt onDiscard={drawer.close} onCancel={() => setConfirmLeave(false)} />;
  }
  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values.content))}>
      <DrawerLayout
        drawer={drawer}
        title={m.addNoteTitle()}
        actions={
          <>
            <Button type="submit" fullWidth size="lg" disabled={!enabled} loading={mutation.isPending}>
              {m.submit()}
            </Button>
            <Button
              fullWidth
              size="lg"
              variant="default"
              onClick={() => (form.isDirty() ? setConfirmLeave(true) : drawer.close())}
              disabled={mutation.isPending}
            >
              {m.cancel()}
            </Button>
          </>
        }
      >
        <NoteField
          required
          value={content}
          touched={changed}
          onChange={(value) => {
            setChanged(true);
            form.setFieldValue('content', value);
          }}
          disabled={mutation.isPending}
        />
      </DrawerLayout>
    </form>
  );
}

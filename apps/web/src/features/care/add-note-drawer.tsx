import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ButtonLabels, DrawerTitles, NoteMessages, ZCreateTaskNoteRequestSchema } from '@sage/contract';
import { canSubmitForm, noteFieldState } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { invalidateTask, tasksApi } from '../alerts/alerts-api';
import { DiscardChangesPrompt } from './discard-changes';
import { NoteField } from './note-field';

export interface AddNoteDrawerProps {
  taskId: string;
}

/** 'Add a Note' (drawer 2): multi-line notes field, Submit and Cancel. */
export function AddNoteDrawer({ drawer, taskId }: AddNoteDrawerProps & { drawer: DrawerControls }) {
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
      toast.success(NoteMessages.addSucceeded);
      void invalidateTask(queryClient, taskId);
      drawer.next();
    },
    onError: (error) => {
      reportError(error, { action: 'add-task-note', taskId });
      toast.error(NoteMessages.addFailed);
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
        title={DrawerTitles.addNote}
        actions={
          <>
            <Button type="submit" fullWidth size="lg" disabled={!enabled} loading={mutation.isPending}>
              {ButtonLabels.submit}
            </Button>
            <Button
              fullWidth
              size="lg"
              variant="default"
              onClick={() => (form.isDirty() ? setConfirmLeave(true) : drawer.close())}
              disabled={mutation.isPending}
            >
              {ButtonLabels.cancel}
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

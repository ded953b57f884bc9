import { Button, Text } from '@mantine/core';
import type { InsightActionType } from '@sage/contract';
import { noteFieldState } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { toast } from '../../shared/toast';
import { DiscardChangesPrompt } from '../care/discard-changes';
import { NoteField } from '../care/note-field';
import { actionFailed, actionSucceeded } from './action-feedback';
import { insightsApi, refreshInsightCaches } from './insights-api';
import './insights-messages';

export interface CompleteInsightDrawerProps {
  workflowRid: string;
  /** What the insight says, shown above the notes. */
  summary?: string;
  /** LOG_ACTION_NEEDS_IMPROVEMENT ('Insight Completed') by default; DISMISS gives 'Feedback Sent'. */
  actionType?: Exclude<InsightActionType, 'SEND_HIGH_FIVE'>;
}

/**
 * Complete insight ('Add Notes', drawer 14): optional notes, Submit and Go Back. The notes are optional, so
 * Submit is enabled while they are valid, changed or not (docs/decisions/0294).
 */
export function CompleteInsightDrawer({
  drawer,
  workflowRid,
  summary,
  actionType = 'LOG_ACTION_NEEDS_IMPROVEMENT',
}: CompleteInsightDrawerProps & { drawer: DrawerControls }) {
  const feedback = useMessages('highFive');
  const queryClient = useQueryClient();
  const m = useMessages('insightsPage');
  const [note, setNote] = useState('');
  const [confirmLeave, setConfirmLeave] = useState(false);
  const mutation = useMutation({
    mutationFn: () => insightsApi.act(workflowRid, { type: actionType, ...(note.trim() ? { note } : {}) }),
    onSuccess: () => {
      toast.success(actionSucceeded(actionType, feedback));
      void refreshInsightCaches(queryClient);
      drawer.next();
    },
    onError: (error) => {
      actionFailed(queryClient, error, actionType, feedback);
      drawer.close();
    },
  });
  const valid = noteFieldState(note, { required: false }).isValid;
  if (confirmLeave) {
    return <DiscardChangesPrompt onDiscard={drawer.close} onCancel={() => setConfirmLeave(false)} />;
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !mutation.isPending) mutation.mutate();
      }}
    >
      <DrawerLayout
        drawer={drawer}
        title={m.addNotesTitle()}
        actions={
          <>
            <Button type="submit" fullWidth size="lg" disabled={!valid} loading={mutation.isPending}>
              {m.submit()}
            </Button>
            <Button
              fullWidth
              size="lg"
              variant="default"
              disabled={mutation.isPending}
              onClick={() => (note ? setConfirmLeave(true) : drawer.close())}
            >
              {m.goBack()}
            </Button>
          </>
        }
      >
        {summary ? <Text>{summary}</Text> : null}
        <NoteField value={note} onChange={setNote} disabled={mutation.isPending} />
      </DrawerLayout>
    </form>
  );
}

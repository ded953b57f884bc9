import { Button, Text } from '@mantine/core';
import { ButtonLabels, HIGH_FIVE_NOTE_ROWS } from '@sage/contract';
import { noteFieldState } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { toast } from '../../shared/toast';
import { NoteField } from '../care/note-field';
import { actionFailed, actionSucceeded } from './action-feedback';
import { insightsApi, refreshInsightCaches } from './insights-api';

export interface SendHighFiveDrawerProps {
  /** Whom it goes to (shown in the title). */
  recipientName: string;
  /** A top performance's workflow: the high five is its action (and closes it). */
  workflowRid?: string;
  /** Otherwise a high five on its own: to this colleague, in this facility. */
  recipientRid?: string;
  facilityRid?: string;
}

/** Send high five (drawer 15): an optional multi-line note of 4 rows; 'High Five Sent!' once sent. */
export function SendHighFiveDrawer({
  drawer,
  recipientName,
  workflowRid,
  recipientRid,
  facilityRid,
}: SendHighFiveDrawerProps & { drawer: DrawerControls }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const body = note.trim() ? { note } : {};
  const mutation = useMutation({
    mutationFn: (): Promise<unknown> =>
      workflowRid
        ? insightsApi.act(workflowRid, { type: 'SEND_HIGH_FIVE', ...body })
        : insightsApi.sendHighFive({
            facilityRid: facilityRid ?? '',
            recipientRid: recipientRid ?? '',
            ...body,
          }),
    onSuccess: () => {
      toast.success(actionSucceeded('SEND_HIGH_FIVE'));
      void refreshInsightCaches(queryClient);
      drawer.next();
    },
    onError: (error) => {
      actionFailed(queryClient, error, 'SEND_HIGH_FIVE');
      drawer.close();
    },
  });
  const valid = noteFieldState(note, { required: false }).isValid;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !mutation.isPending) mutation.mutate();
      }}
    >
      <DrawerLayout
        drawer={drawer}
        title={`Send ${recipientName} a High Five`}
        actions={
          <>
            <Button type="submit" fullWidth size="lg" disabled={!valid} loading={mutation.isPending}>
              Send High Five
            </Button>
            <Button
              fullWidth
              size="lg"
              variant="default"
              disabled={mutation.isPending}
              onClick={drawer.close}
            >
              {ButtonLabels.cancel}
            </Button>
          </>
        }
      >
        <Text c="dimmed">Say thanks for a job well done.</Text>
        <NoteField value={note} onChange={setNote} rows={HIGH_FIVE_NOTE_ROWS} disabled={mutation.isPending} />
      </DrawerLayout>
    </form>
  );
}

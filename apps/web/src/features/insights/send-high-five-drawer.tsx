import { Button, Text } from '@mantine/core';
import { HIGH_FIVE_NOTE_ROWS } from '@sage/contract';
import { noteFieldState } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { toast } from '../../shared/toast';
import { NoteField } from '../care/note-field';
import { actionFailed, actionSucceeded } from './action-feedback';
import { insightsApi, refreshInsightCaches } from './insights-api';
import './high-five-messages';

export interface SendHighFiveDrawerProps {
  /** Whom it goes to (shown in the title). */
  recipientName: string;
  /** A top performance's workflow: the high five is its action (and closes it). */
  workflowRid?: string;
  /** Otherwise a high five on its own: to this colleague, in this facility. */
  recipientRid?: string;
  facilityRid?: string;
}

/**
 * Send high five (drawer 15): an optional multi-line note of 4 rows; 'High Five Sent!' once sent. In the reader's
 * language (decision 0750); the colleague's name as written.
 */
export function SendHighFiveDrawer({
  drawer,
  recipientName,
  workflowRid,
  recipientRid,
  facilityRid,
}: SendHighFiveDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('highFive');
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
      toast.success(actionSucceeded('SEND_HIGH_FIVE', m));
      void refreshInsightCaches(queryClient);
      drawer.next();
    },
    onError: (error) => {
      actionFailed(queryClient, error, 'SEND_HIGH_FIVE', m);
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
        title={m.sendTitle({ name: recipientName })}
        actions={
          <>
            <Button type="submit" fullWidth size="lg" disabled={!valid} loading={mutation.isPending}>
              {m.send()}
            </Button>
            <Button
              fullWidth
              size="lg"
              variant="default"
              disabled={mutation.isPending}
              onClick={drawer.close}
            >
              {m.cancel()}
            </Button>
          </>
        }
      >
        <Text c="dimmed">{m.sayThanks()}</Text>
        <NoteField value={note} onChange={setNote} rows={HIGH_FIVE_NOTE_ROWS} disabled={mutation.isPending} />
      </DrawerLayout>
    </form>
  );
}

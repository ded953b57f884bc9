import { Button, Text } from '@mantine/core';
import { ADD_TASK_ROUTE } from '@sage/contract';
import type { StaffMemberActions } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { teamApi } from './team-api';
import './staff-actions-messages';

export interface StaffMemberActionsDrawerProps {
  staffMemberId: string;
  name: string;
  facilityId: string;
  group: { groupId: string; groupName: string };
  /** From the domain rules (staffMemberActions). */
  actions: StaffMemberActions;
}

type Action = 'make-admin' | 'dismiss-admin' | 'remove' | 'take-off-shift';

/**
 * Staff member actions (sign-in doc sections 2, 6, 8): call, assign task, make or dismiss group admin, remove
 * from group ('Remove Me' on one's own profile), take off shift, with the spec's success and failure messages, in
 * the reader's language (decision 0750; the labels the spec does not give are decision 0163's).
 */
export function StaffMemberActionsDrawer({
  drawer,
  staffMemberId,
  name,
  facilityId,
  group,
  actions,
}: StaffMemberActionsDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('staffActions');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { groupId, groupName } = group;
  const [confirmingRemove, setConfirmingRemove] = useState(false);

  const run = useMutation({
    mutationFn: async (action: Action) => {
      if (action === 'make-admin') await teamApi.putMembership(groupId, { staffMemberId, isAdmin: true });
      if (action === 'dismiss-admin') await teamApi.putMembership(groupId, { staffMemberId, isAdmin: false });
      if (action === 'remove') await teamApi.removeMember(groupId, staffMemberId);
      if (action === 'take-off-shift') await teamApi.takeOffShift(staffMemberId, facilityId);
    },
    onSuccess: async (_data, action) => {
      const values = { name, group: groupName };
      const message = {
        'make-admin': m.madeAdmin(values),
        'dismiss-admin': m.dismissedAdmin(values),
        remove: m.removed(values),
        'take-off-shift': m.takenOffShift(values),
      }[action];
      toast.success(message);
      drawer.close();
      // "On success the staff cache is refreshed."
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['staff'] }),
        queryClient.invalidateQueries({ queryKey: ['groups'] }),
      ]);
    },
    onError: (error, action) => {
      const values = { name, group: groupName };
      const message = {
        'make-admin': m.makeAdminFailed(values),
        'dismiss-admin': m.dismissAdminFailed(values),
        remove: m.removeFailed(values),
        'take-off-shift': m.takeOffShiftFailed(values),
      }[action];
      toast.error(message);
      reportError(error, { action, staffMemberId, groupId });
    },
  });

  const pending = run.isPending;
  const button = (action: Action, label: string, color?: string) => (
    <Button
      key={action}
      fullWidth
      size="lg"
      variant="light"
      color={color}
      loading={pending && run.variables === action}
      disabled={pending && run.variables !== action}
      onClick={() => run.mutate(action)}
    >
      {label}
    </Button>
  );

  // Removing someone from a group asks first, saying what follows (issue #32; docs/decisions/0530).
  if (confirmingRemove && actions.remove) {
    const self = actions.remove.label === 'Remove Me';
    const values = { name, group: groupName };
    return (
      <DrawerLayout
        drawer={drawer}
        title={self ? m.leaveTitle(values) : m.removeTitle(values)}
        actions={
          <>
            <Button fullWidth size="lg" color="red" loading={pending} onClick={() => run.mutate('remove')}>
              {self ? m.removeMe() : m.removeFromGroup()}
            </Button>
            <Button
              fullWidth
              size="lg"
              variant="default"
              disabled={pending}
              onClick={() => setConfirmingRemove(false)}
            >
              {m.cancel()}
            </Button>
          </>
        }
      >
        <Text>{self ? m.leaveText(values) : m.removeText(values)}</Text>
      </DrawerLayout>
    );
  }

  return (
    <DrawerLayout
      drawer={drawer}
      title={name}
      actions={
        <>
          {actions.call ? (
            <Button
              component="a"
              href={`tel:${actions.call.phoneNumber}`}
              fullWidth
              size="lg"
              variant="light"
            >
              {m.call({ phone: actions.call.label })}
            </Button>
          ) : null}
          <Button
            fullWidth
            size="lg"
            variant="light"
            onClick={() => {
              drawer.close();
              void navigate(ADD_TASK_ROUTE, { state: { assigneeId: staffMemberId, groupId } });
            }}
          >
            {m.assignTask()}
          </Button>
          {actions.makeGroupAdmin ? button('make-admin', m.makeGroupAdmin()) : null}
          {actions.dismissGroupAdmin ? button('dismiss-admin', m.dismissAsGroupAdmin()) : null}
          {actions.remove ? (
            <>
              <Button
                fullWidth
                size="lg"
                variant="light"
                color="red"
                loading={pending && run.variables === 'remove'}
                disabled={actions.remove.disabled || (pending && run.variables !== 'remove')}
                onClick={() => setConfirmingRemove(true)}
              >
                {actions.remove.label === 'Remove Me' ? m.removeMe() : m.removeFromGroup()}
              </Button>
              {actions.remove.disabled ? (
                <Text size="sm" c="dimmed">
                  {m.mustBeInOneGroup()}
                </Text>
              ) : null}
            </>
          ) : null}
          {actions.takeOffShift ? button('take-off-shift', m.takeOffShift(), 'orange') : null}
          <Button fullWidth size="lg" variant="default" onClick={drawer.close}>
            {m.cancel()}
          </Button>
        </>
      }
    >
      <Text c="dimmed">{groupName}</Text>
    </DrawerLayout>
  );
}

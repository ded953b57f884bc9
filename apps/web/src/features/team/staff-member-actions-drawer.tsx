import { Button, Text } from '@mantine/core';
import { ADD_TASK_ROUTE, ButtonLabels, GroupMessages } from '@sage/contract';
import type { StaffMemberActions } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { teamApi } from './team-api';

/** Labels the spec does not give (decision 0163). */
export const TeamActionLabels = {
  makeGroupAdmin: 'Make Group Admin',
  takeOffShift: 'Take Off Shift',
} as const;

export interface StaffMemberActionsDrawerProps {
  staffMemberId: string;
  name: string;
  facilityId: string;
  group: { groupId: string; groupName: string };
  /** From the domain rules (staffMemberActions). */
  actions: StaffMemberActions;
}

type Action = 'make-admin' | 'dismiss-admin' | 'remove' | 'take-off-shift';

/** The confirmation of Remove from Group / Remove Me. */
const REMOVE_CONFIRM = {
  title: (name: string, group: string) => `Remove ${name} from ${group}?`,
  text: (name: string, group: string) =>
    `${name} stops receiving ${group}'s alerts and tasks and leaves its list. An admin can add them again.`,
  selfTitle: (group: string) => `Leave ${group}?`,
  selfText: (group: string) =>
    `You stop receiving ${group}'s alerts and tasks. An admin of the group can add you again.`,
} as const;

/**
 * Staff member actions (sign-in doc sections 2, 6, 8): call, assign task, make or dismiss group admin, remove
 * from group ('Remove Me' on one's own profile), take off shift, with the spec's success and failure messages.
 */
export function StaffMemberActionsDrawer({
  drawer,
  staffMemberId,
  name,
  facilityId,
  group,
  actions,
}: StaffMemberActionsDrawerProps & { drawer: DrawerControls }) {
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
      const message = {
        'make-admin': GroupMessages.madeAdmin(name, groupName),
        'dismiss-admin': GroupMessages.dismissedAdmin(name, groupName),
        remove: GroupMessages.removed(name, groupName),
        'take-off-shift': GroupMessages.takenOffShift(name),
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
      const message = {
        'make-admin': GroupMessages.makeAdminFailed(name, groupName),
        'dismiss-admin': GroupMessages.dismissAdminFailed(name, groupName),
        remove: GroupMessages.removeFailed(name, groupName),
        'take-off-shift': GroupMessages.takeOffShiftFailed(name),
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
    return (
      <DrawerLayout
        drawer={drawer}
        title={self ? REMOVE_CONFIRM.selfTitle(groupName) : REMOVE_CONFIRM.title(name, groupName)}
        actions={
          <>
            <Button fullWidth size="lg" color="red" loading={pending} onClick={() => run.mutate('remove')}>
              {self ? ButtonLabels.removeMe : actions.remove.label}
            </Button>
            <Button
              fullWidth
              size="lg"
              variant="default"
              disabled={pending}
              onClick={() => setConfirmingRemove(false)}
            >
              {ButtonLabels.cancel}
            </Button>
          </>
        }
      >
        <Text>{self ? REMOVE_CONFIRM.selfText(groupName) : REMOVE_CONFIRM.text(name, groupName)}</Text>
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
              {`${ButtonLabels.call} ${actions.call.label}`}
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
            {ButtonLabels.assignTask}
          </Button>
          {actions.makeGroupAdmin ? button('make-admin', TeamActionLabels.makeGroupAdmin) : null}
          {actions.dismissGroupAdmin ? button('dismiss-admin', ButtonLabels.dismissAsGroupAdmin) : null}
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
                {actions.remove.label === 'Remove Me' ? ButtonLabels.removeMe : actions.remove.label}
              </Button>
              {actions.remove.disabled ? (
                <Text size="sm" c="dimmed">
                  {GroupMessages.mustBeInOneGroup}
                </Text>
              ) : null}
            </>
          ) : null}
          {actions.takeOffShift ? button('take-off-shift', TeamActionLabels.takeOffShift, 'orange') : null}
          <Button fullWidth size="lg" variant="default" onClick={drawer.close}>
            {ButtonLabels.cancel}
          </Button>
        </>
      }
    >
      <Text c="dimmed">{groupName}</Text>
    </DrawerLayout>
  );
}

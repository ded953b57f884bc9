import { Badge, Box, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { TGroup, TStaffMember } from '@sage/contract';
import { type FacilityMembership, staffMemberActions } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useDrawers } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { useSession } from '../../shared/session';
import { toast } from '../../shared/toast';
import { useCurrentFacility } from '../shift/shift-api';
import { useCompanyPhones } from './company-phones';
import { fullName, teamApi, useFacilityGroups, useMyPermissions, useTeamMember } from './team-api';
import './team-messages';

const membershipsAt = (person: TStaffMember | undefined, facilityId: string): FacilityMembership[] =>
  (person?.groupMemberships ?? [])
    .filter((m) => m.facilityId === facilityId)
    .map((m) => ({ groupId: m.groupId, group: m.groupType, isAdmin: m.isAdmin }));

/** /team/member/{id}: a team member's groups and shift, and the staff member actions for each group. */
export function TeamMemberPage() {
  const { id = '' } = useParams();
  const t = useMessages('team');
  const me = useSession()?.staffMemberId ?? '';
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id ?? '';
  const member = useTeamMember(id);
  const myProfile = useTeamMember(me);
  const groups = useFacilityGroups(facilityId || undefined);
  const permissions = useMyPermissions(facilityId || undefined);
  const phones = useCompanyPhones(facilityId || undefined);
  const drawers = useDrawers();
  const queryClient = useQueryClient();

  const person = member.data;
  const name = person ? fullName(person) : '';
  const theirGroups = (person?.groupMemberships ?? []).filter((m) => m.facilityId === facilityId);
  const onCall = person?.onCallStates.find((s) => s.facilityId === facilityId && s.isOnCall) ?? null;
  const companyPhone = onCall?.companyPhoneId
    ? ((phones.data ?? []).find((p) => p.id === onCall.companyPhoneId) ?? null)
    : null;
  // The actions depend on the group's admins, my memberships and the company phone: offered once loaded.
  const actionsReady =
    Boolean(groups.data && myProfile.data && (!onCall?.companyPhoneId || phones.data)) &&
    // Not while a change is being read back: the admin counts would be those from before it.
    !groups.isFetching &&
    !member.isFetching;
  const groupById = new Map((groups.data ?? []).map((g) => [g.id, g]));
  const otherGroups = (groups.data ?? []).filter(
    (g) => !theirGroups.some((m) => m.groupId === g.id) && permissions.data?.editableGroupIds.includes(g.id),
  );

  const add = useMutation({
    mutationFn: (group: TGroup) => teamApi.putMembership(group.id, { staffMemberId: id, isAdmin: false }),
    onSuccess: async (_data, group) => {
      toast.success(t.addedToGroup({ name, group: group.name }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['staff'] }),
        queryClient.invalidateQueries({ queryKey: ['groups'] }),
      ]);
    },
    onError: (error, group) => {
      toast.error(t.addFailed({ name, group: group.name }));
      reportError(error, { action: 'add-to-group', staffMemberId: id });
    },
  });

  const openActions = (groupId: string, groupName: string, targetIsAdmin: boolean) => {
    if (!person) return;
    const group = groupById.get(groupId);
    const actions = staffMemberActions({
      callerId: me,
      caller: membershipsAt(myProfile.data, facilityId),
      target: {
        id: person.id,
        phoneNumber: person.phoneNumber,
        groupCount: theirGroups.length,
        isOnCallHere: Boolean(onCall),
        companyPhone: companyPhone
          ? { displayName: companyPhone.displayName, phoneNumber: companyPhone.phoneNumber }
          : null,
      },
      group: {
        groupId,
        targetIsAdmin,
        adminCount: group?.members.filter((m) => m.isAdmin).length ?? 0,
      },
    });
    drawers.open('staff-member-actions', {
      staffMemberId: person.id,
      name,
      facilityId,
      group: { groupId, groupName },
      actions,
    });
  };

  const openAddToGroup = () =>
    drawers.open('select-options', {
      title: t.addToGroup(),
      options: otherGroups.map((g) => ({ value: g.id, name: g.name })),
      searchable: true,
      continueLabel: t.addToGroup(),
      onContinue: async ([groupId]: string[]) => {
        const group = otherGroups.find((g) => g.id === groupId);
        if (group) await add.mutateAsync(group);
      },
    });

  return (
    <>
      <PageHeader title={name || ' '} defaultRoute="/team" />
      <Box component="main" p="md">
        {member.isPending || facility.isPending ? (
          <Loader aria-label={t.loading()} />
        ) : member.isError || !person ? (
          <Text c="red">{t.notFound()}</Text>
        ) : (
          <Stack gap="lg">
            <Stack gap={4}>
              {person.jobTitle ? <Text c="dimmed">{person.jobTitle}</Text> : null}
              <Group gap="xs">
                <Badge color={onCall ? 'green' : 'gray'} size="lg">
                  {onCall ? t.onShift() : t.offShift()}
                </Badge>
                {companyPhone ? <Text size="sm">{companyPhone.displayName}</Text> : null}
              </Group>
              {person.phoneNumber ? (
                <Button
                  component="a"
                  href={`tel:${person.phoneNumber}`}
                  variant="light"
                  size="lg"
                  fullWidth
                  mt="xs"
                >
                  {t.call({ phone: person.phoneNumber })}
                </Button>
              ) : null}
              {/* A high five for a colleague, not only from a Top Performer card (issue #32). */}
              {person.id !== me && facilityId ? (
                <Button
                  variant="light"
                  size="lg"
                  fullWidth
                  mt="xs"
                  onClick={() =>
                    drawers.open('send-high-five', {
                      recipientRid: person.id,
                      facilityRid: facilityId,
                      recipientName: name,
                    })
                  }
                >
                  {t.highFive()}
                </Button>
              ) : null}
            </Stack>

            <Stack gap="sm">
              <Title order={2} fz="h4">
                {t.groups()}
              </Title>
              <Stack
                gap="sm"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={t.groups()}
              >
                {theirGroups.map((m) => (
                  <Card key={m.groupId} component="li" withBorder padding="sm" aria-label={m.groupName}>
                    <Group justify="space-between" wrap="nowrap">
                      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                        <Text fw={600}>{m.groupName}</Text>
                        {m.isAdmin ? (
                          <Badge variant="light" style={{ alignSelf: 'flex-start' }}>
                            {t.admin()}
                          </Badge>
                        ) : null}
                      </Stack>
                      <Button
                        variant="light"
                        size="md"
                        mih={44}
                        style={{ flexShrink: 0 }}
                        loading={!actionsReady}
                        disabled={!actionsReady}
                        onClick={() => openActions(m.groupId, m.groupName, m.isAdmin)}
                        aria-label={t.actionsFor({ group: m.groupName })}
                      >
                        {t.actions()}
                      </Button>
                    </Group>
                  </Card>
                ))}
              </Stack>
              {otherGroups.length ? (
                <Button size="lg" variant="light" onClick={openAddToGroup} loading={add.isPending}>
                  {t.addToGroup()}
                </Button>
              ) : null}
            </Stack>
          </Stack>
        )}
      </Box>
    </>
  );
}

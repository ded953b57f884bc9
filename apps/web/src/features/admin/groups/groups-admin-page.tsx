import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ADMIN_STAFF_ROUTE,
  GROUP_TYPES,
  GroupApiMessages,
  TEAM_MEMBER_ROUTE,
  type TGroup,
  ZCreateGroupRequestSchema,
  ZUpdateGroupRequestSchema,
} from '@sage/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api';
import { type Messages, useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { toast } from '../../../shared/toast';
import { useCurrentFacility } from '../../shift/shift-api';
import { fullName, teamApi, useFacilityGroups, useMyPermissions } from '../../team/team-api';
import '../admin-pages-messages';

const ZNewGroupFormSchema = ZCreateGroupRequestSchema.omit({ facilityId: true });
type TNewGroupForm = z.input<typeof ZNewGroupFormSchema>;
const ZRenameFormSchema = ZUpdateGroupRequestSchema.omit({ updatedAt: true });

const failure = (error: unknown, m: Messages<'adminPages'>) =>
  toast.error(isApiError(error) ? error.message : m.failed());

/** /admin/groups: the community's groups, their members; create, rename and delete (managers). */
export function GroupsAdminPage() {
  const facility = useCurrentFacility();
  const m = useMessages('adminPages');
  const facilityId = facility.data?.id;
  const permissions = useMyPermissions(facilityId);
  const groups = useFacilityGroups(facilityId);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['groups'] });

  const form = useForm<TNewGroupForm>({
    mode: 'controlled',
    initialValues: { name: '', type: 'CareStaff' },
    validate: schemaResolver(ZNewGroupFormSchema, { sync: true }),
  });
  const create = useMutation({
    mutationFn: (values: TNewGroupForm) =>
      teamApi.createGroup({ ...ZNewGroupFormSchema.parse(values), facilityId: facilityId ?? '' }),
    onSuccess: async (group) => {
      toast.success(m.groupCreated({ name: group.name }));
      form.reset();
      await refresh();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) form.setFieldError('name', error.message);
      else failure(error, m);
    },
  });

  const allowed = permissions.data?.canAdministerStaff ?? false;
  return (
    <>
      <PageHeader title={m.groupsTitle()} defaultRoute={ADMIN_STAFF_ROUTE} />
      <Box component="main" p="md">
        {permissions.isPending || groups.isPending ? (
          <Loader aria-label={m.loading()} />
        ) : !allowed ? (
          <Text>{m.groupsNotAllowed()}</Text>
        ) : (
          <Stack gap="lg">
            <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {m.newGroup()}
                </Title>
                <TextInput size="lg" label={m.groupName()} {...form.getInputProps('name')} />
                <Select
                  size="lg"
                  label={m.groupType()}
                  description={m.groupTypeHint()}
                  data={GROUP_TYPES.map((type) => ({ value: type, label: m[`type_${type}`]() }))}
                  allowDeselect={false}
                  {...form.getInputProps('type')}
                />
                <Button type="submit" size="lg" fullWidth loading={create.isPending}>
                  {m.createGroup()}
                </Button>
              </Stack>
            </form>
            <Stack
              gap="sm"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={m.groupsTitle()}
            >
              {(groups.data ?? []).map((group) => (
                <GroupCard key={group.id} group={group} onChanged={refresh} />
              ))}
            </Stack>
          </Stack>
        )}
      </Box>
    </>
  );
}

function GroupCard({ group, onChanged }: { group: TGroup; onChanged: () => Promise<void> }) {
  const [renaming, setRenaming] = useState(false);
  const m = useMessages('adminPages');
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: group.name },
    validate: schemaResolver(ZRenameFormSchema, { sync: true }),
  });
  const rename = useMutation({
    mutationFn: (name: string) => teamApi.renameGroup(group.id, { name, updatedAt: group.updatedAt }),
    onSuccess: async (saved) => {
      toast.success(m.groupRenamed({ name: saved.name }));
      setRenaming(false);
      await onChanged();
    },
    onError: async (error) => {
      if (isApiError(error) && error.status === 409) {
        form.setFieldError('name', error.message);
        if (error.serverMessage === GroupApiMessages.stale) await onChanged();
      } else failure(error, m);
    },
  });
  const remove = useMutation({
    mutationFn: () => teamApi.deleteGroup(group.id),
    onSuccess: async () => {
      toast.success(m.groupDeleted({ name: group.name }));
      await onChanged();
    },
    onError: (error) => failure(error, m),
  });

  return (
    <Card component="li" withBorder padding="sm" aria-label={group.name}>
      <Stack gap="xs">
        {renaming ? (
          <form onSubmit={form.onSubmit((values) => rename.mutate(values.name))} noValidate>
            <Stack gap="xs">
              <TextInput size="lg" label={m.groupName()} {...form.getInputProps('name')} />
              <Group grow>
                <Button type="submit" size="md" mih={44} loading={rename.isPending}>
                  {m.save()}
                </Button>
                <Button size="md" mih={44} variant="default" onClick={() => setRenaming(false)}>
                  {m.cancel()}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {group.name}
              </Text>
              <Text size="sm" c="dimmed">
                {`${m[`type_${group.type}`]()} · ${m.members({ count: group.members.length })}`}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <Button size="md" mih={44} variant="light" onClick={() => setRenaming(true)}>
                {m.rename()}
              </Button>
              {group.members.length === 0 ? (
                <Button
                  size="md"
                  mih={44}
                  variant="light"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => remove.mutate()}
                >
                  {m.delete()}
                </Button>
              ) : null}
            </Group>
          </Group>
        )}
        {group.members.length ? (
          <Text size="sm">
            {group.members.map((member, index) => (
              <span key={member.staffMember.id}>
                {index ? ', ' : ''}
                <Anchor
                  component={Link}
                  to={TEAM_MEMBER_ROUTE(member.staffMember.id)}
                  // A touch target of its own: 44 px high.
                  style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
                >
                  {fullName(member.staffMember)}
                </Anchor>
                {member.isAdmin ? ` ${m.groupAdmin()}` : ''}
              </span>
            ))}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

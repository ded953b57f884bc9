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
import { PageHeader } from '../../../shared/page-header/page-header';
import { toast } from '../../../shared/toast';
import { useCurrentFacility } from '../../shift/shift-api';
import { fullName, teamApi, useFacilityGroups, useMyPermissions } from '../../team/team-api';

/** Texts the spec does not give (decision 0163). */
export const GroupsAdminTexts = {
  title: 'Groups',
  newGroup: 'New Group',
  name: 'Group name',
  type: 'Works as',
  typeHint: 'What the group does in permissions and alerts',
  create: 'Create Group',
  rename: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  members: (n: number) => (n === 1 ? '1 member' : `${n} members`),
  created: (name: string) => `${name} was created`,
  renamed: (name: string) => `The group is now called ${name}`,
  deleted: (name: string) => `${name} was deleted`,
  staff: 'Staff',
  notAllowed: 'Only a Management group admin can administer groups.',
  failed: 'Something went wrong. Please try again.',
} as const;

/** Display names of the group types (the known groups of the spec). */
const TYPE_LABELS: Record<(typeof GROUP_TYPES)[number], string> = {
  CareStaff: 'Care staff',
  Culinary: 'Culinary',
  Housekeeping: 'Housekeeping',
  Maintenance: 'Maintenance',
  Management: 'Management',
  NurseMedTech: 'Nurse/MedTech',
  SageSupport: 'provider support',
  Transportation: 'Transportation',
  Activities: 'Activities',
};

const ZNewGroupFormSchema = ZCreateGroupRequestSchema.omit({ facilityId: true });
type TNewGroupForm = z.input<typeof ZNewGroupFormSchema>;
const ZRenameFormSchema = ZUpdateGroupRequestSchema.omit({ updatedAt: true });

const failure = (error: unknown) => toast.error(isApiError(error) ? error.message : GroupsAdminTexts.failed);

/** /admin/groups: the community's groups, their members; create, rename and delete (managers). */
export function GroupsAdminPage() {
  const facility = useCurrentFacility();
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
      toast.success(GroupsAdminTexts.created(group.name));
      form.reset();
      await refresh();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) form.setFieldError('name', error.message);
      else failure(error);
    },
  });

  const allowed = permissions.data?.canAdministerStaff ?? false;
  return (
    <>
      <PageHeader title={GroupsAdminTexts.title} defaultRoute={ADMIN_STAFF_ROUTE} />
      <Box component="main" p="md">
        {permissions.isPending || groups.isPending ? (
          <Loader aria-label="Loading" />
        ) : !allowed ? (
          <Text>{GroupsAdminTexts.notAllowed}</Text>
        ) : (
          <Stack gap="lg">
            <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {GroupsAdminTexts.newGroup}
                </Title>
                <TextInput size="lg" label={GroupsAdminTexts.name} {...form.getInputProps('name')} />
                <Select
                  size="lg"
                  label={GroupsAdminTexts.type}
                  description={GroupsAdminTexts.typeHint}
                  data={GROUP_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
                  allowDeselect={false}
                  {...form.getInputProps('type')}
                />
                <Button type="submit" size="lg" fullWidth loading={create.isPending}>
                  {GroupsAdminTexts.create}
                </Button>
              </Stack>
            </form>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Groups">
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
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: group.name },
    validate: schemaResolver(ZRenameFormSchema, { sync: true }),
  });
  const rename = useMutation({
    mutationFn: (name: string) => teamApi.renameGroup(group.id, { name, updatedAt: group.updatedAt }),
    onSuccess: async (saved) => {
      toast.success(GroupsAdminTexts.renamed(saved.name));
      setRenaming(false);
      await onChanged();
    },
    onError: async (error) => {
      if (isApiError(error) && error.status === 409) {
        form.setFieldError('name', error.message);
        if (error.serverMessage === GroupApiMessages.stale) await onChanged();
      } else failure(error);
    },
  });
  const remove = useMutation({
    mutationFn: () => teamApi.deleteGroup(group.id),
    onSuccess: async () => {
      toast.success(GroupsAdminTexts.deleted(group.name));
      await onChanged();
    },
    onError: failure,
  });

  return (
    <Card component="li" withBorder padding="sm" aria-label={group.name}>
      <Stack gap="xs">
        {renaming ? (
          <form onSubmit={form.onSubmit((values) => rename.mutate(values.name))} noValidate>
            <Stack gap="xs">
              <TextInput size="lg" label={GroupsAdminTexts.name} {...form.getInputProps('name')} />
              <Group grow>
                <Button type="submit" size="md" loading={rename.isPending}>
                  {GroupsAdminTexts.save}
                </Button>
                <Button size="md" variant="default" onClick={() => setRenaming(false)}>
                  {GroupsAdminTexts.cancel}
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
                {`${TYPE_LABELS[group.type]} · ${GroupsAdminTexts.members(group.members.length)}`}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <Button size="md" variant="light" onClick={() => setRenaming(true)}>
                {GroupsAdminTexts.rename}
              </Button>
              {group.members.length === 0 ? (
                <Button
                  size="md"
                  variant="light"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => remove.mutate()}
                >
                  {GroupsAdminTexts.delete}
                </Button>
              ) : null}
            </Group>
          </Group>
        )}
        {group.members.length ? (
          <Text size="sm">
            {group.members.map((m, index) => (
              <span key={m.staffMember.id}>
                {index ? ', ' : ''}
                <Anchor component={Link} to={TEAM_MEMBER_ROUTE(m.staffMember.id)}>
                  {fullName(m.staffMember)}
                </Anchor>
                {m.isAdmin ? ' (admin)' : ''}
              </span>
            ))}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

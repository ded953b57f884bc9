import { Alert, Box, Button, Checkbox, Loader, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ADMIN_STAFF_ROUTE, TEAM_MEMBER_ROUTE, type TStaffMember } from '@sage/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api';
import { useDrawers } from '../../../shared/drawers';
import { setLanguage, useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { useSession } from '../../../shared/session';
import { toast } from '../../../shared/toast';
import { StaffLanguageField } from '../../language/language-setting';
import { useCurrentFacility } from '../../shift/shift-api';
import { fullName, teamApi, useFacilityGroups, usePermissionsOf, useTeamMember } from '../../team/team-api';
import { StaffTourStatus } from '../../training/tour-completion';
import { describedSchemaErrors } from '../field-check';
import { useFieldChecks } from '../field-check-messages';
import {
  serverIssuesToFormErrors,
  type TEditStaffForm,
  type TInviteStaffForm,
  ZEditStaffFormSchema,
  ZInviteStaffFormSchema,
} from './staff-form';
import './staff-messages';

/** /admin/staff/new: invite by phone number into groups of the current community. */
export function InviteStaffPage() {
  const t = useMessages('manageStaff');
  const describe = useFieldChecks();
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id ?? '';
  const groups = useFacilityGroups(facilityId || undefined);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<TInviteStaffForm>({
    mode: 'controlled',
    initialValues: {
      firstName: '',
      lastName: '',
      phoneNumber: '',
      email: null,
      jobTitle: '',
      groupIds: [],
      language: 'en',
    },
    validate: (values) => describedSchemaErrors(ZInviteStaffFormSchema, values, describe),
  });

  const invite = useMutation({
    mutationFn: (values: TInviteStaffForm) => {
      const parsed = ZInviteStaffFormSchema.parse(values);
      // Admin only of groups still chosen (a group unticked after its admin box stays out).
      const adminGroupIds = (parsed.adminGroupIds ?? []).filter((id) => parsed.groupIds.includes(id));
      return teamApi.createStaff({ ...parsed, adminGroupIds, facilityId });
    },
    onSuccess: async (created) => {
      toast.success(t.invited({ name: fullName(created) }));
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      await queryClient.invalidateQueries({ queryKey: ['groups'] });
      void navigate(TEAM_MEMBER_ROUTE(created.id), { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 400 && error.issues?.length) {
        form.setErrors(serverIssuesToFormErrors(error.issues));
      } else if (isApiError(error) && error.status === 409) {
        form.setFieldError('phoneNumber', error.message);
      } else {
        toast.error(t.failed());
      }
    },
  });

  return (
    <>
      <PageHeader title={t.inviteTitle()} confirmBack={form.isDirty()} defaultRoute={ADMIN_STAFF_ROUTE} />
      <Box component="main" p="md">
        <form onSubmit={form.onSubmit((values) => invite.mutate(values))} noValidate>
          <Stack gap="md">
            <TextInput size="lg" label={t.firstName()} {...form.getInputProps('firstName')} />
            <TextInput size="lg" label={t.lastName()} {...form.getInputProps('lastName')} />
            <TextInput
              size="lg"
              type="tel"
              label={t.phoneNumber()}
              description={t.phoneHint()}
              {...form.getInputProps('phoneNumber')}
            />
            <TextInput
              size="lg"
              type="email"
              label={t.email()}
              value={form.values.email ?? ''}
              error={form.errors.email}
              onChange={(event) => form.setFieldValue('email', event.currentTarget.value || null)}
            />
            <TextInput size="lg" label={t.jobTitle()} {...form.getInputProps('jobTitle')} />
            <Checkbox.Group label={t.groups()} {...form.getInputProps('groupIds')}>
              <Stack gap="sm" mt="xs">
                {(groups.data ?? []).map((group) => (
                  <Checkbox key={group.id} size="lg" value={group.id} label={group.name} />
                ))}
              </Stack>
            </Checkbox.Group>
            {form.values.groupIds.length ? (
              <Checkbox.Group
                label={t.adminOf()}
                value={(form.values.adminGroupIds ?? []).filter((groupId) =>
                  form.values.groupIds.includes(groupId),
                )}
                onChange={(value) => form.setFieldValue('adminGroupIds', value)}
              >
                <Stack gap="sm" mt="xs">
                  {(groups.data ?? [])
                    .filter((group) => form.values.groupIds.includes(group.id))
                    .map((group) => (
                      <Checkbox key={group.id} size="lg" value={group.id} label={group.name} />
                    ))}
                </Stack>
              </Checkbox.Group>
            ) : null}
            {/* The invite text goes out in this language (decision 0603). */}
            <Suspense fallback={null}>
              <StaffLanguageField
                value={form.values.language}
                onChange={(language) =>
                  form.setFieldValue('language', language as TInviteStaffForm['language'])
                }
              />
            </Suspense>
            <Button type="submit" size="lg" fullWidth loading={invite.isPending} disabled={!facilityId}>
              {t.invite()}
            </Button>
          </Stack>
        </form>
      </Box>
    </>
  );
}

const toEditValues = (person: TStaffMember): TEditStaffForm => ({
  firstName: person.firstName,
  lastName: person.lastName,
  jobTitle: person.jobTitle ?? '',
  isAgencyStaff: person.isAgencyStaff,
  isCareAdmin: person.isCareAdmin,
  language: person.language,
  // PII is shown (and sent) only when the reply carries it (canSeePII).
  ...(person.phoneNumber !== null ? { phoneNumber: person.phoneNumber } : {}),
  ...(person.phoneNumber !== null ? { email: person.email ?? '' } : {}),
});

/** /admin/staff/{id}: edit a staff member, archive or restore them. */
export function EditStaffPage() {
  const t = useMessages('manageStaff');
  const describe = useFieldChecks();
  const { id = '' } = useParams();
  const member = useTeamMember(id);
  const queryClient = useQueryClient();
  const [stale, setStale] = useState(false);
  const form = useForm<TEditStaffForm>({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '' },
    validate: (values) => describedSchemaErrors(ZEditStaffFormSchema, values, describe),
  });
  const person = member.data;
  const session = useSession();

  const show = (p: TStaffMember) => {
    const values = toEditValues(p);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
  };
  // Fill the form when the person (re)loads (a new updatedAt), not on every render.
  useEffect(() => {
    if (person) show(person);
  }, [person?.updatedAt]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staff'] });

  const save = useMutation({
    mutationFn: (values: TEditStaffForm) => {
      const { email, ...rest } = ZEditStaffFormSchema.parse(values);
      return teamApi.updateStaff(id, {
        ...rest,
        ...(email !== undefined ? { email: email === '' ? null : email } : {}),
        ...(person?.updatedAt ? { updatedAt: person.updatedAt } : {}),
      });
    },
    onSuccess: async (saved) => {
      setStale(false);
      // A manager editing their own record sees their new language at once (decision 0554).
      if (saved.id === session?.staffMemberId) setLanguage(saved.language, { remember: true });
      toast.success(t.saved({ name: fullName(saved) }));
      queryClient.setQueryData(['staff', id], saved);
      await refresh();
    },
    onError: async (error) => {
      if (isApiError(error) && error.status === 409 && error.code === 'STALE') {
        setStale(true);
        await member.refetch();
      } else if (isApiError(error) && error.status === 400 && error.issues?.length) {
        form.setErrors(serverIssuesToFormErrors(error.issues));
      } else if (isApiError(error) && error.status === 409) {
        form.setFieldError('phoneNumber', error.message);
      } else {
        toast.error(isApiError(error) && error.status === 403 ? error.message : t.failed());
      }
    },
  });

  const drawers = useDrawers();
  const archive = useMutation({
    mutationFn: (value: boolean) => teamApi.archiveStaff(id, value),
    onSuccess: async (saved) => {
      toast.success(
        saved.isArchived ? t.archived({ name: fullName(saved) }) : t.restored({ name: fullName(saved) }),
      );
      queryClient.setQueryData(['staff', id], saved);
      await refresh();
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : t.failed()),
  });

  return (
    <>
      <PageHeader title={t.editTitle()} confirmBack={form.isDirty()} defaultRoute={ADMIN_STAFF_ROUTE} />
      <Box component="main" p="md">
        {member.isPending ? (
          <Loader aria-label={t.loading()} />
        ) : !person ? (
          <Text c="red">{member.error?.message}</Text>
        ) : (
          <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
            <Stack gap="md">
              {stale ? <Alert color="orange">{t.stale()}</Alert> : null}
              <TextInput size="lg" label={t.firstName()} {...form.getInputProps('firstName')} />
              <TextInput size="lg" label={t.lastName()} {...form.getInputProps('lastName')} />
              {person.phoneNumber !== null ? (
                <>
                  <TextInput
                    size="lg"
                    type="tel"
                    label={t.phoneNumber()}
                    {...form.getInputProps('phoneNumber')}
                  />
                  <TextInput size="lg" type="email" label={t.email()} {...form.getInputProps('email')} />
                </>
              ) : null}
              <TextInput size="lg" label={t.jobTitle()} {...form.getInputProps('jobTitle')} />
              <Switch
                size="lg"
                label={t.agency()}
                {...form.getInputProps('isAgencyStaff', { type: 'checkbox' })}
              />
              <Switch
                size="lg"
                label={t.careAdmin()}
                {...form.getInputProps('isCareAdmin', { type: 'checkbox' })}
              />
              <Suspense fallback={null}>
                <StaffLanguageField
                  value={form.values.language}
                  onChange={(language) =>
                    form.setFieldValue('language', language as TEditStaffForm['language'])
                  }
                />
              </Suspense>
              <PermissionSummary staffMemberId={id} />
              <StaffTourStatus staffMemberId={id} />
              <Button type="submit" size="lg" fullWidth loading={save.isPending}>
                {t.save()}
              </Button>
              <Button
                size="lg"
                fullWidth
                variant="light"
                color={person.isArchived ? undefined : 'red'}
                loading={archive.isPending}
                onClick={() =>
                  person.isArchived
                    ? archive.mutate(false)
                    : drawers.open('confirmation', {
                        title: t.archiveTitle({ name: fullName(person) }),
                        text: t.archiveText({ name: fullName(person) }),
                        confirmLabel: t.archive(),
                        destructive: true,
                        onConfirm: () => archive.mutateAsync(true).then(() => undefined),
                      })
                }
              >
                {person.isArchived ? t.restore() : t.archive()}
              </Button>
            </Stack>
          </form>
        )}
      </Box>
    </>
  );
}

/** What the section 6 roles give the person in the current community (from POST /staff/permissions). */
const PERMISSION_LABELS = {
  canViewAlerts: 'permCanViewAlerts',
  canSeePHI: 'permCanSeePHI',
  canEditPHI: 'permCanEditPHI',
  canSeePII: 'permCanSeePII',
  canAdministerStaff: 'permCanAdministerStaff',
  canTakeOffShift: 'permCanTakeOffShift',
  isOperations: 'permIsOperations',
  isResponder: 'permIsResponder',
  isResponderSupervisor: 'permIsResponderSupervisor',
} as const;

function PermissionSummary({ staffMemberId }: { staffMemberId: string }) {
  const t = useMessages('manageStaff');
  const facility = useCurrentFacility();
  const permissions = usePermissionsOf(facility.data?.id, staffMemberId);
  if (!permissions.data) return null;
  const granted = (Object.keys(PERMISSION_LABELS) as (keyof typeof PERMISSION_LABELS)[]).filter(
    (key) => permissions.data[key],
  );
  return (
    <Stack gap={4} aria-label={t.permissions()} role="group">
      <Text fw={600} size="sm">
        {t.permissions()}
      </Text>
      <Text size="sm" c="dimmed">
        {granted.length ? granted.map((key) => t[PERMISSION_LABELS[key]]()).join(' · ') : '-'}
      </Text>
    </Stack>
  );
}

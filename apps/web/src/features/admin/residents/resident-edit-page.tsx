import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ADL_LEVEL_KEYS,
  HOSPICE_STATUS_LABELS,
  OPEN_TASK_STATUSES,
  RESUSCITATION_STRATEGY_LABELS,
  type TResidentReply,
  ZCreateResidentRequestSchema,
  ZUpdateResidentRequestSchema,
} from '@sage/contract';
import { type Permissions, residentFullName } from '@sage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api';
import { useDrawers } from '../../../shared/drawers';
import { useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { toast } from '../../../shared/toast';
import { tasksApi } from '../../alerts/alerts-api';
import { residentKeys } from '../../residents/residents-api';
import { adminApi, useAdminResident, useAdminUnits } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, useReturnToList } from '../admin-shared';
import { describedSchemaErrors } from '../field-check';
import { useFieldChecks } from '../field-check-messages';
import { useAdminWrite } from '../use-admin-write';
import { ContactsSection } from './contacts-section';
import {
  createBody,
  emptyResidentForm,
  formToBody,
  type ResidentFormValues,
  residentToForm,
} from './resident-form';
import './residents-admin-messages';

/** /manage/residents/new and /manage/residents/{id}: admit, edit, archive or restore a resident. */
export function ResidentEditPage() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const resident = useAdminResident(isNew ? undefined : id);
  const t = useMessages('residentsAdmin');
  const title = isNew ? t.newResident() : resident.data ? residentFullName(resident.data) : '';
  return (
    <>
      <PageHeader title={title} defaultRoute={ADMIN_ROUTES.residents} />
      <AdminGuard refusal={t.managementOnly()} loadingLabel={t.loading()}>
        {({ facilityId, permissions }) =>
          isNew ? (
            <ResidentForm facilityId={facilityId} permissions={permissions} resident={null} />
          ) : resident.isPending ? (
            <Loader aria-label={t.loading()} m="md" />
          ) : resident.isError ? (
            <Text c="red" p="md">
              {resident.error.message}
            </Text>
          ) : (
            <ResidentForm
              // A fresh copy from the server (after a save or a 409) becomes the form's starting point.
              key={resident.data.updateTimestampMs}
              facilityId={facilityId}
              permissions={permissions}
              resident={resident.data}
            />
          )
        }
      </AdminGuard>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function ResidentForm({
  facilityId,
  permissions,
  resident,
}: {
  facilityId: string;
  permissions: Permissions;
  resident: TResidentReply | null;
}) {
  const t = useMessages('residentsAdmin');
  const careType = useMessages('careType');
  const describe = useFieldChecks();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const units = useAdminUnits(facilityId);
  const locked = new Set(resident?.lockedFields ?? []);
  const isLocked = (field: string) => locked.has(`resident.${field}`);
  const lockedHint = (field: string) => (isLocked(field) ? t.lockedByEhr() : undefined);

  const form = useForm<ResidentFormValues>({
    initialValues: resident ? residentToForm(resident) : emptyResidentForm(),
    validate: (values) =>
      resident
        ? describedSchemaErrors(
            ZUpdateResidentRequestSchema,
            formToBody(values, permissions, resident.lockedFields),
            describe,
          )
        : describedSchemaErrors(
            ZCreateResidentRequestSchema,
            createBody(facilityId, values, permissions),
            describe,
          ),
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: residentKeys.all });

  const messages = { stale: t.stale(), failed: t.saveFailed() };
  const save = useAdminWrite({
    write: (values: ResidentFormValues) =>
      resident
        ? adminApi.updateResident(resident.id, {
            ...formToBody(values, permissions, resident.lockedFields),
            ifUpdateTimestampMs: resident.updateTimestampMs,
          } as never)
        : adminApi.createResident(
            ZCreateResidentRequestSchema.parse(createBody(facilityId, values, permissions)),
          ),
    refresh,
    savedMessage: (saved) =>
      resident ? t.saved({ name: residentFullName(saved) }) : t.admitted({ name: residentFullName(saved) }),
    onSaved: (saved) => {
      queryClient.setQueryData(residentKeys.detail(saved.id), saved);
      if (!resident) navigate(ADMIN_ROUTES.resident(saved.id), { replace: true });
    },
    setFieldErrors: form.setErrors,
    messages,
  });

  const returnToList = useReturnToList(ADMIN_ROUTES.residents);
  const archive = useAdminWrite({
    write: (archived: boolean) => adminApi.archiveResident(resident?.id ?? '', archived),
    refresh,
    savedMessage: (saved) =>
      saved.isArchived
        ? t.archived({ name: residentFullName(saved) })
        : t.restored({ name: residentFullName(saved) }),
    onSaved: (saved) => {
      queryClient.setQueryData(residentKeys.detail(saved.id), saved);
      // Back to the list, whose Back goes where the manager came from, not to the archived resident (issue #32).
      if (saved.isArchived) returnToList();
    },
    messages,
  });

  const drawers = useDrawers();
  const [checkingArchive, setCheckingArchive] = useState(false);
  /**
   * Archive asks first, saying what will happen: the pendant freed, the open alerts closed (docs/decisions/0530).
   * Restoring needs no confirmation.
   */
  const confirmArchive = async () => {
    if (!resident) return;
    if (resident.isArchived) {
      archive.mutate(false);
      return;
    }
    setCheckingArchive(true);
    let openAlerts: number;
    try {
      openAlerts = (
        await tasksApi.search({
          facilityId,
          residentIds: [resident.id],
          statuses: [...OPEN_TASK_STATUSES],
          pageSize: 1,
        })
      ).totalCount;
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t.saveFailed());
      return;
    } finally {
      setCheckingArchive(false);
    }
    const name = residentFullName(resident);
    drawers.open('confirmation', {
      title: t.archiveTitle({ name }),
      text: [
        t.archiveText({ name }),
        resident.hasPendant ? t.archivePendant() : null,
        t.archiveOpenAlerts({ count: openAlerts }),
      ]
        .filter(Boolean)
        .join(' '),
      confirmLabel: t.archive(),
      cancelLabel: t.cancel(),
      destructive: true,
      onConfirm: () => archive.mutateAsync(true).then(() => undefined),
    });
  };

  const unitOptions = (units.data ?? []).map((u) => ({
    value: u.id,
    label: `${u.displayName} · ${careType[u.careType]()}`,
  }));
  const phiDisabled = !permissions.canEditPHI || isLocked('healthInfo');
  const text = (field: keyof ResidentFormValues, label: string, props: Record<string, unknown> = {}) => (
    <TextInput
      size="lg"
      label={label}
      disabled={isLocked(field)}
      description={lockedHint(field)}
      {...props}
      {...form.getInputProps(field)}
    />
  );

  return (
    <Box component="main" p="md" maw={720} mx="auto">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="md">
          {resident ? (
            <Group gap="xs">
              {resident.isArchived ? <Badge color="gray">{t.archivedBadge()}</Badge> : null}
              <Badge variant="light" color={resident.hasPendant ? 'green' : 'gray'}>
                {resident.hasPendant ? t.hasPendant() : t.noPendant()}
              </Badge>
              {resident.age !== null ? <Badge variant="outline">{t.age({ age: resident.age })}</Badge> : null}
            </Group>
          ) : null}

          <Section title={t.personal()}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('firstName', t.firstName(), { required: true })}
              {text('lastName', t.lastName(), { required: true })}
              {text('middleName', t.middleName())}
              {text('preferredName', t.preferredName())}
              {text('salutation', t.salutation())}
              {text('dateOfBirth', t.dateOfBirth(), { type: 'date' })}
            </SimpleGrid>
            <Select
              size="lg"
              label={t.unit()}
              placeholder={t.noUnit()}
              data={unitOptions}
              searchable
              clearable
              disabled={isLocked('unitId')}
              description={lockedHint('unitId')}
              {...form.getInputProps('unitId')}
            />
            <Switch
              size="md"
              label={t.routineChecks()}
              {...form.getInputProps('isRoutineCheckEnabled', { type: 'checkbox' })}
            />
            <Switch size="md" label={t.onHold()} {...form.getInputProps('isOnHold', { type: 'checkbox' })} />
          </Section>

          {permissions.canSeePII ? (
            <Section title={t.contactDetails()}>
              {text('personalPhone', t.personalPhone(), {
                type: 'tel',
                placeholder: '+1 415 555 0123',
                disabled: !permissions.canEditPII || isLocked('personalPhone'),
              })}
              {text('email', t.email(), {
                type: 'email',
                disabled: !permissions.canEditPII || isLocked('email'),
              })}
            </Section>
          ) : null}

          {permissions.canSeePHI ? (
            <Section title={t.health()}>
              {isLocked('healthInfo') ? <Alert color="gray">{t.lockedByEhr()}</Alert> : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  size="lg"
                  label={t.codeStatus()}
                  data={Object.keys(RESUSCITATION_STRATEGY_LABELS).map((value) => ({
                    value,
                    label: t[`code_${value as keyof typeof RESUSCITATION_STRATEGY_LABELS}`](),
                  }))}
                  allowDeselect={false}
                  disabled={phiDisabled}
                  {...form.getInputProps('healthInfo.resuscitationStrategy')}
                />
                <Select
                  size="lg"
                  label={t.hospice()}
                  data={Object.keys(HOSPICE_STATUS_LABELS).map((value) => ({
                    value,
                    label: t[`hospice_${value as keyof typeof HOSPICE_STATUS_LABELS}`](),
                  }))}
                  allowDeselect={false}
                  disabled={phiDisabled}
                  {...form.getInputProps('healthInfo.hospiceHealthInfo.hospiceStatus')}
                />
                <TextInput
                  size="lg"
                  label={t.memory()}
                  disabled={phiDisabled}
                  {...form.getInputProps('healthInfo.memoryHealthInfo.memoryLevel')}
                />
                <TextInput
                  size="lg"
                  label={t.continence()}
                  disabled={phiDisabled}
                  {...form.getInputProps('healthInfo.continenceHealthInfo.continenceLevel')}
                />
                <TextInput
                  size="lg"
                  label={t.productProvider()}
                  disabled={phiDisabled}
                  {...form.getInputProps('healthInfo.continenceHealthInfo.productProvider')}
                />
              </SimpleGrid>
              <Group gap="md">
                {(['wearsPads', 'wearsPullups', 'wearsBriefs'] as const).map((k) => (
                  <Checkbox
                    key={k}
                    size="md"
                    label={t[k]()}
                    disabled={phiDisabled}
                    {...form.getInputProps(`healthInfo.continenceHealthInfo.${k}`, { type: 'checkbox' })}
                  />
                ))}
              </Group>
              <Text fw={600}>{t.adl()}</Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {ADL_LEVEL_KEYS.map((k) => (
                  <TextInput
                    key={k}
                    size="lg"
                    label={t[`adl_${k}`]()}
                    disabled={phiDisabled}
                    {...form.getInputProps(`healthInfo.adlHealthInfo.${k}`)}
                  />
                ))}
              </SimpleGrid>
            </Section>
          ) : null}

          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={save.isPending}
            disabled={resident ? !form.isDirty() : false}
          >
            {t.save()}
          </Button>
          {resident ? (
            <Button
              size="lg"
              fullWidth
              variant="outline"
              color={resident.isArchived ? 'blue' : 'red'}
              loading={archive.isPending || checkingArchive}
              onClick={() => void confirmArchive()}
            >
              {resident.isArchived ? t.restore() : t.archive()}
            </Button>
          ) : null}
        </Stack>
      </form>
      {resident ? <ContactsSection resident={resident} permissions={permissions} /> : null}
    </Box>
  );
}

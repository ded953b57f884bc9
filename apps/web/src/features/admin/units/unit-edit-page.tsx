import { Box, Button, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AdminMessages,
  CARE_TYPE_LABELS,
  type CareType,
  type TAdminUnit,
  UnitsAdminMessages,
  ZCreateUnitRequestSchema,
  ZUpdateUnitRequestSchema,
} from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams } from 'react-router';
import { useDrawers } from '../../../shared/drawers';
import { PageHeader } from '../../../shared/page-header/page-header';
import { adminApi, useAdminUnits } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, useReturnToList } from '../admin-shared';
import { orNull, schemaErrors } from '../form-rules';
import { useAdminWrite } from '../use-admin-write';
import { unitArchiveApi } from './unit-archive-api';

interface UnitFormValues {
  displayName: string;
  careType: CareType;
  value: string;
  ward: string;
  building: string;
  wing: string;
  floor: string;
  phoneNumber: string;
}

const toForm = (u: TAdminUnit | undefined): UnitFormValues => ({
  displayName: u?.displayName ?? '',
  careType: u?.careType ?? 'NONE',
  value: u?.value ?? '',
  ward: u?.ward ?? '',
  building: u?.building ?? '',
  wing: u?.wing ?? '',
  floor: u?.floor ?? '',
  phoneNumber: u?.phoneNumber ?? '',
});

const toBody = (v: UnitFormValues) => ({
  displayName: v.displayName.trim(),
  careType: v.careType,
  value: orNull(v.value),
  ward: orNull(v.ward),
  building: orNull(v.building),
  wing: orNull(v.wing),
  floor: orNull(v.floor),
  phoneNumber: orNull(v.phoneNumber),
});

/** /manage/units/new and /manage/units/{id}: create, change or delete a unit. */
export function UnitEditPage() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  return (
    <>
      <PageHeader
        title={isNew ? AdminMessages.newUnit : AdminMessages.units}
        defaultRoute={ADMIN_ROUTES.units}
      />
      <AdminGuard>
        {({ facilityId }) => <UnitForm facilityId={facilityId} unitId={isNew ? null : (id ?? null)} />}
      </AdminGuard>
    </>
  );
}

function UnitForm({ facilityId, unitId }: { facilityId: string; unitId: string | null }) {
  const units = useAdminUnits(facilityId);
  // An archived unit is opened from the archived list (decision 0612).
  const archived = useAdminUnits(unitId ? facilityId : undefined, true);
  const unit = units.data?.find((u) => u.id === unitId) ?? archived.data?.find((u) => u.id === unitId);
  if (unitId && (units.isPending || archived.isPending)) return <Loader aria-label="Loading" m="md" />;
  if (unitId && !unit) return <Text p="md">Unit not found</Text>;
  return <UnitFormBody facilityId={facilityId} unit={unit} key={unit?.updateTimestampMs ?? 'new'} />;
}

function UnitFormBody({ facilityId, unit }: { facilityId: string; unit: TAdminUnit | undefined }) {
  const queryClient = useQueryClient();
  const form = useForm<UnitFormValues>({
    initialValues: toForm(unit),
    validate: (v) =>
      unit
        ? schemaErrors(ZUpdateUnitRequestSchema, toBody(v))
        : schemaErrors(ZCreateUnitRequestSchema, { facilityId, ...toBody(v) }),
  });
  const returnToList = useReturnToList(ADMIN_ROUTES.units);
  const archiveWhyId = useId();
  const deleteWhyId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['units'] });
  const messages = { stale: AdminMessages.stale, failed: AdminMessages.saveFailed };
  const save = useAdminWrite({
    write: (v: UnitFormValues) =>
      unit
        ? adminApi.updateUnit(unit.id, { ...toBody(v), ifUpdateTimestampMs: unit.updateTimestampMs })
        : adminApi.createUnit({ facilityId, ...toBody(v) }),
    refresh,
    savedMessage: (saved) => AdminMessages.unitSaved(saved.displayName),
    onSaved: returnToList,
    setFieldErrors: form.setErrors,
    messages,
  });
  const remove = useAdminWrite({
    write: () => adminApi.deleteUnit(unit?.id ?? ''),
    refresh,
    savedMessage: () => AdminMessages.unitDeleted(unit?.displayName ?? ''),
    onSaved: returnToList,
    messages,
  });
  const drawers = useDrawers();
  // A unit with history cannot be deleted; it is archived (out of the lists and pickers) or restored.
  const archive = useAdminWrite({
    write: () => unitArchiveApi.archive(unit?.id ?? ''),
    refresh,
    savedMessage: (saved) => UnitsAdminMessages.unitArchived(saved.displayName),
    onSaved: returnToList,
    messages,
  });
  const restore = useAdminWrite({
    write: () => unitArchiveApi.restore(unit?.id ?? ''),
    refresh,
    savedMessage: (saved) => UnitsAdminMessages.unitRestored(saved.displayName),
    messages,
  });
  const confirmArchive = () =>
    drawers.open('confirmation', {
      title: UnitsAdminMessages.archiveUnitTitle(unit?.displayName ?? ''),
      text: UnitsAdminMessages.archiveUnitText,
      confirmLabel: AdminMessages.archive,
      destructive: true,
      onConfirm: () => archive.mutateAsync().then(() => undefined),
    });
  const text = (field: keyof UnitFormValues, label: string, props: Record<string, unknown> = {}) => (
    <TextInput size="md" label={label} {...props} {...form.getInputProps(field)} />
  );
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack gap="sm">
          {text('displayName', 'Name', { required: true })}
          <Select
            size="md"
            label="Care type"
            allowDeselect={false}
            data={Object.entries(CARE_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            {...form.getInputProps('careType')}
          />
          <SimpleGrid cols={{ base: 2 }}>
            {text('building', 'Building')}
            {text('wing', 'Wing')}
            {text('floor', 'Floor')}
            {text('ward', 'Ward')}
          </SimpleGrid>
          {text('phoneNumber', 'Phone', { type: 'tel', placeholder: '+14155550123' })}
          {text('value', 'Room number', {
            description: 'The number on the door, as staff and residents say it (e.g. 101)',
          })}
          <Button type="submit" size="lg" fullWidth loading={save.isPending}>
            {AdminMessages.save}
          </Button>
          {unit?.isArchived ? (
            <Button
              size="lg"
              fullWidth
              variant="light"
              loading={restore.isPending}
              onClick={() => restore.mutate()}
            >
              {AdminMessages.restore}
            </Button>
          ) : unit ? (
            <Stack gap={4}>
              <Button
                size="lg"
                fullWidth
                variant="outline"
                loading={archive.isPending}
                disabled={unit.occupantCount > 0}
                aria-describedby={unit.occupantCount > 0 ? archiveWhyId : undefined}
                onClick={confirmArchive}
              >
                {AdminMessages.archive}
              </Button>
              {unit.occupantCount > 0 ? (
                <Text size="sm" c="dimmed" id={archiveWhyId}>
                  {UnitsAdminMessages.unitArchiveWhy}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {unit ? (
            <Stack gap={4}>
              <Button
                size="lg"
                fullWidth
                variant="outline"
                color="red"
                loading={remove.isPending}
                disabled={unit.occupantCount > 0}
                aria-describedby={deleteWhyId}
                onClick={() => remove.mutate()}
              >
                {AdminMessages.delete}
              </Button>
              <Text size="sm" c="dimmed" id={deleteWhyId}>
                {UnitsAdminMessages.unitDeleteWhy}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Box>
  );
}

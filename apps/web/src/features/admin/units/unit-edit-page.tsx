import { Box, Button, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CARE_TYPES,
  type CareType,
  type TAdminUnit,
  ZCreateUnitRequestSchema,
  ZUpdateUnitRequestSchema,
} from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams } from 'react-router';
import { useDrawers } from '../../../shared/drawers';
import { useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { adminApi, useAdminUnits } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, useReturnToList } from '../admin-shared';
import { describedSchemaErrors } from '../field-check';
import { useFieldChecks } from '../field-check-messages';
import { orNull } from '../form-rules';
import { useAdminWrite } from '../use-admin-write';
import { unitArchiveApi } from './unit-archive-api';
import './units-messages';

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
  const t = useMessages('manageUnits');
  return (
    <>
      <PageHeader title={isNew ? t.newUnit() : t.title()} defaultRoute={ADMIN_ROUTES.units} />
      <AdminGuard refusal={t.managementOnly()} loadingLabel={t.loading()}>
        {({ facilityId }) => <UnitForm facilityId={facilityId} unitId={isNew ? null : (id ?? null)} />}
      </AdminGuard>
    </>
  );
}

function UnitForm({ facilityId, unitId }: { facilityId: string; unitId: string | null }) {
  const t = useMessages('manageUnits');
  const units = useAdminUnits(facilityId);
  // An archived unit is opened from the archived list (decision 0612).
  const archived = useAdminUnits(unitId ? facilityId : undefined, true);
  const unit = units.data?.find((u) => u.id === unitId) ?? archived.data?.find((u) => u.id === unitId);
  if (unitId && (units.isPending || archived.isPending)) return <Loader aria-label={t.loading()} m="md" />;
  if (unitId && !unit) return <Text p="md">{t.notFound()}</Text>;
  return <UnitFormBody facilityId={facilityId} unit={unit} key={unit?.updateTimestampMs ?? 'new'} />;
}

function UnitFormBody({ facilityId, unit }: { facilityId: string; unit: TAdminUnit | undefined }) {
  const t = useMessages('manageUnits');
  const careType = useMessages('careType');
  const describe = useFieldChecks();
  const queryClient = useQueryClient();
  const form = useForm<UnitFormValues>({
    initialValues: toForm(unit),
    validate: (v) =>
      unit
        ? describedSchemaErrors(ZUpdateUnitRequestSchema, toBody(v), describe)
        : describedSchemaErrors(ZCreateUnitRequestSchema, { facilityId, ...toBody(v) }, describe),
  });
  const returnToList = useReturnToList(ADMIN_ROUTES.units);
  const archiveWhyId = useId();
  const deleteWhyId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['units'] });
  const messages = { stale: t.stale(), failed: t.saveFailed() };
  const save = useAdminWrite({
    write: (v: UnitFormValues) =>
      unit
        ? adminApi.updateUnit(unit.id, { ...toBody(v), ifUpdateTimestampMs: unit.updateTimestampMs })
        : adminApi.createUnit({ facilityId, ...toBody(v) }),
    refresh,
    savedMessage: (saved) => t.saved({ name: saved.displayName }),
    onSaved: returnToList,
    setFieldErrors: form.setErrors,
    messages,
  });
  const remove = useAdminWrite({
    write: () => adminApi.deleteUnit(unit?.id ?? ''),
    refresh,
    savedMessage: () => t.deleted({ name: unit?.displayName ?? '' }),
    onSaved: returnToList,
    messages,
  });
  const drawers = useDrawers();
  // A unit with history cannot be deleted; it is archived (out of the lists and pickers) or restored.
  const archive = useAdminWrite({
    write: () => unitArchiveApi.archive(unit?.id ?? ''),
    refresh,
    savedMessage: (saved) => t.archived({ name: saved.displayName }),
    onSaved: returnToList,
    messages,
  });
  const restore = useAdminWrite({
    write: () => unitArchiveApi.restore(unit?.id ?? ''),
    refresh,
    savedMessage: (saved) => t.restored({ name: saved.displayName }),
    messages,
  });
  const confirmArchive = () =>
    drawers.open('confirmation', {
      title: t.archiveTitle({ name: unit?.displayName ?? '' }),
      text: t.archiveText(),
      confirmLabel: t.archive(),
      destructive: true,
      onConfirm: () => archive.mutateAsync().then(() => undefined),
    });
  const text = (field: keyof UnitFormValues, label: string, props: Record<string, unknown> = {}) => (
    <TextInput size="lg" label={label} {...props} {...form.getInputProps(field)} />
  );
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack gap="sm">
          {text('displayName', t.name(), { required: true })}
          <Select
            size="lg"
            label={t.careType()}
            allowDeselect={false}
            data={CARE_TYPES.map((value) => ({ value, label: careType[value]() }))}
            {...form.getInputProps('careType')}
          />
          <SimpleGrid cols={{ base: 2 }}>
            {text('building', t.building())}
            {text('wing', t.wing())}
            {text('floor', t.floor())}
            {text('ward', t.ward())}
          </SimpleGrid>
          {text('phoneNumber', t.phone(), { type: 'tel', placeholder: '+14155550123' })}
          {text('value', t.roomNumber(), { description: t.roomNumberHint() })}
          <Button type="submit" size="lg" fullWidth loading={save.isPending}>
            {t.save()}
          </Button>
          {unit?.isArchived ? (
            <Button
              size="lg"
              fullWidth
              variant="light"
              loading={restore.isPending}
              onClick={() => restore.mutate()}
            >
              {t.restore()}
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
                {t.archive()}
              </Button>
              {unit.occupantCount > 0 ? (
                <Text size="sm" c="dimmed" id={archiveWhyId}>
                  {t.archiveWhy()}
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
                {t.delete()}
              </Button>
              <Text size="sm" c="dimmed" id={deleteWhyId}>
                {t.deleteWhy()}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Box>
  );
}

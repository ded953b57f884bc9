import { Box, Button, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AdminMessages,
  CARE_TYPE_LABELS,
  type CareType,
  type TAdminUnit,
  ZCreateUnitRequestSchema,
  ZUpdateUnitRequestSchema,
} from '@sage/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api';
import { PageHeader } from '../../../shared/page-header/page-header';
import { toast } from '../../../shared/toast';
import { adminApi, useAdminUnits } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, orNull, schemaErrors, serverFieldErrors, useReturnToList } from '../admin-shared';

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
  const unit = units.data?.find((u) => u.id === unitId);
  if (unitId && units.isPending) return <Loader aria-label="Loading" m="md" />;
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
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['units'] });
  const save = useMutation({
    mutationFn: (v: UnitFormValues) =>
      unit
        ? adminApi.updateUnit(unit.id, { ...toBody(v), ifUpdateTimestampMs: unit.updateTimestampMs })
        : adminApi.createUnit({ facilityId, ...toBody(v) }),
    onSuccess: async (saved) => {
      await refresh();
      toast.success(AdminMessages.unitSaved(saved.displayName));
      returnToList();
    },
    onError: async (error) => {
      if (isApiError(error) && error.code === 'STALE_WRITE') {
        toast.error(AdminMessages.stale);
        await refresh();
        return;
      }
      form.setErrors(serverFieldErrors(error));
      toast.error(isApiError(error) ? error.message : AdminMessages.saveFailed);
    },
  });
  const remove = useMutation({
    mutationFn: () => adminApi.deleteUnit(unit?.id ?? ''),
    onSuccess: async () => {
      await refresh();
      toast.success(AdminMessages.unitDeleted(unit?.displayName ?? ''));
      returnToList();
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : AdminMessages.saveFailed),
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
          {unit ? (
            <Button
              size="lg"
              fullWidth
              variant="outline"
              color="red"
              loading={remove.isPending}
              disabled={unit.occupantCount > 0}
              onClick={() => remove.mutate()}
            >
              {AdminMessages.delete}
            </Button>
          ) : null}
        </Stack>
      </form>
    </Box>
  );
}

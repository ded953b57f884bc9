import { Box, Button, Checkbox, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AdminMessages,
  CARE_TYPE_LABELS,
  CARE_TYPES,
  type CareType,
  type TCareZoneDetail,
  ZCreateCareZoneRequestSchema,
  ZUpdateCareZoneRequestSchema,
} from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeader } from '../../../shared/page-header/page-header';
import { adminApi, useAdminCareZone, useAdminUnits } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, useReturnToList } from '../admin-shared';
import { schemaErrors } from '../form-rules';
import { useAdminWrite } from '../use-admin-write';

interface ZoneFormValues {
  name: string;
  careTypes: CareType[];
  unitRids: string[];
}

/** /manage/care-zones/new and /manage/care-zones/{id}: a zone's name and its units (by unit or care type). */
export function CareZoneEditPage() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const zone = useAdminCareZone(isNew ? undefined : id);
  return (
    <>
      <PageHeader
        title={isNew ? AdminMessages.newCareZone : (zone.data?.name ?? AdminMessages.careZones)}
        defaultRoute={ADMIN_ROUTES.careZones}
      />
      <AdminGuard>
        {({ facilityId }) =>
          isNew ? (
            <ZoneForm facilityId={facilityId} zone={undefined} />
          ) : zone.isPending ? (
            <Loader aria-label="Loading" m="md" />
          ) : zone.isError ? (
            <Text c="red" p="md">
              {zone.error.message}
            </Text>
          ) : (
            <ZoneForm facilityId={facilityId} zone={zone.data} key={zone.data.updateTimestampMs} />
          )
        }
      </AdminGuard>
    </>
  );
}

function ZoneForm({ facilityId, zone }: { facilityId: string; zone: TCareZoneDetail | undefined }) {
  const queryClient = useQueryClient();
  const units = useAdminUnits(facilityId);
  const form = useForm<ZoneFormValues>({
    initialValues: {
      name: zone?.name ?? '',
      careTypes: zone?.unitTags.careTypes ?? [],
      unitRids: zone?.unitTags.unitRids ?? [],
    },
    validate: (v) =>
      zone
        ? schemaErrors(ZUpdateCareZoneRequestSchema, toBody(v))
        : schemaErrors(ZCreateCareZoneRequestSchema, { facilityId, ...toBody(v) }),
  });
  const toBody = (v: ZoneFormValues) => ({
    name: v.name.trim(),
    unitTags: { careTypes: v.careTypes, unitRids: v.unitRids },
  });
  const returnToList = useReturnToList(ADMIN_ROUTES.careZones);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['careZones'] });
  const messages = { stale: AdminMessages.stale, failed: AdminMessages.saveFailed };
  const save = useAdminWrite({
    write: (v: ZoneFormValues) =>
      zone
        ? adminApi.updateCareZone(zone.id, { ...toBody(v), ifUpdateTimestampMs: zone.updateTimestampMs })
        : adminApi.createCareZone({ facilityId, ...toBody(v) }),
    refresh,
    savedMessage: (saved) => AdminMessages.careZoneSaved(saved.name),
    onSaved: returnToList,
    setFieldErrors: form.setErrors,
    messages,
  });
  const remove = useAdminWrite({
    write: () => adminApi.deleteCareZone(zone?.id ?? ''),
    refresh,
    savedMessage: () => AdminMessages.careZoneDeleted(zone?.name ?? ''),
    onSaved: returnToList,
    messages,
  });
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack gap="sm">
          <TextInput size="md" label="Name" required {...form.getInputProps('name')} />
          <Paper withBorder p="sm" component="section" aria-label={AdminMessages.careTypesInZone}>
            <Checkbox.Group label={AdminMessages.careTypesInZone} {...form.getInputProps('careTypes')}>
              <Stack gap="xs" mt="xs">
                {CARE_TYPES.filter((c) => c !== 'NONE').map((c) => (
                  <Checkbox key={c} size="md" value={c} label={CARE_TYPE_LABELS[c]} />
                ))}
              </Stack>
            </Checkbox.Group>
          </Paper>
          <Paper withBorder p="sm" component="section" aria-label={AdminMessages.unitsInZone}>
            <Title order={2} fz="h5" mb="xs">
              {AdminMessages.unitsInZone}
            </Title>
            {units.isPending ? (
              <Loader aria-label="Loading" />
            ) : (
              <Checkbox.Group {...form.getInputProps('unitRids')}>
                <Stack gap="xs">
                  {(units.data ?? []).map((u) => (
                    <Checkbox
                      key={u.id}
                      size="md"
                      value={u.id}
                      label={`${u.displayName} · ${CARE_TYPE_LABELS[u.careType]}`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          </Paper>
          {zone ? (
            <Text size="sm" c="dimmed">
              {`Now: ${zone.units.map((u) => u.displayName).join(', ') || 'no units'}`}
            </Text>
          ) : null}
          <Button type="submit" size="lg" fullWidth loading={save.isPending}>
            {AdminMessages.save}
          </Button>
          {zone ? (
            <Button
              size="lg"
              fullWidth
              variant="outline"
              color="red"
              loading={remove.isPending}
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

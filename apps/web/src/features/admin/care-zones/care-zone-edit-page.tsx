import { Box, Button, Checkbox, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CARE_TYPES,
  type CareType,
  type TCareZoneDetail,
  ZCreateCareZoneRequestSchema,
  ZUpdateCareZoneRequestSchema,
} from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { adminApi, useAdminCareZone, useAdminUnits } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, useReturnToList } from '../admin-shared';
import { describedSchemaErrors } from '../field-check';
import { useFieldChecks } from '../field-check-messages';
import { useAdminWrite } from '../use-admin-write';
import './care-zones-messages';

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
  const t = useMessages('manageCareZones');
  return (
    <>
      <PageHeader
        title={isNew ? t.newCareZone() : (zone.data?.name ?? t.title())}
        defaultRoute={ADMIN_ROUTES.careZones}
      />
      <AdminGuard refusal={t.managementOnly()} loadingLabel={t.loading()}>
        {({ facilityId }) =>
          isNew ? (
            <ZoneForm facilityId={facilityId} zone={undefined} />
          ) : zone.isPending ? (
            <Loader aria-label={t.loading()} m="md" />
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
  const t = useMessages('manageCareZones');
  const careType = useMessages('careType');
  const describe = useFieldChecks();
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
        ? describedSchemaErrors(ZUpdateCareZoneRequestSchema, toBody(v), describe)
        : describedSchemaErrors(ZCreateCareZoneRequestSchema, { facilityId, ...toBody(v) }, describe),
  });
  const toBody = (v: ZoneFormValues) => ({
    name: v.name.trim(),
    unitTags: { careTypes: v.careTypes, unitRids: v.unitRids },
  });
  const returnToList = useReturnToList(ADMIN_ROUTES.careZones);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['careZones'] });
  const messages = { stale: t.stale(), failed: t.saveFailed() };
  const save = useAdminWrite({
    write: (v: ZoneFormValues) =>
      zone
        ? adminApi.updateCareZone(zone.id, { ...toBody(v), ifUpdateTimestampMs: zone.updateTimestampMs })
        : adminApi.createCareZone({ facilityId, ...toBody(v) }),
    refresh,
    savedMessage: (saved) => t.saved({ name: saved.name }),
    onSaved: returnToList,
    setFieldErrors: form.setErrors,
    messages,
  });
  const remove = useAdminWrite({
    write: () => adminApi.deleteCareZone(zone?.id ?? ''),
    refresh,
    savedMessage: () => t.deleted({ name: zone?.name ?? '' }),
    onSaved: returnToList,
    messages,
  });
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack gap="sm">
          <TextInput size="lg" label={t.name()} required {...form.getInputProps('name')} />
          <Paper withBorder p="sm" component="section" aria-label={t.careTypesInZone()}>
            <Checkbox.Group label={t.careTypesInZone()} {...form.getInputProps('careTypes')}>
              <Stack gap="xs" mt="xs">
                {CARE_TYPES.filter((c) => c !== 'NONE').map((c) => (
                  <Checkbox key={c} size="md" value={c} label={careType[c]()} />
                ))}
              </Stack>
            </Checkbox.Group>
          </Paper>
          <Paper withBorder p="sm" component="section" aria-label={t.unitsInZone()}>
            <Title order={2} fz="h5" mb="xs">
              {t.unitsInZone()}
            </Title>
            {units.isPending ? (
              <Loader aria-label={t.loading()} />
            ) : (
              <Checkbox.Group {...form.getInputProps('unitRids')}>
                <Stack gap="xs">
                  {(units.data ?? []).map((u) => (
                    <Checkbox
                      key={u.id}
                      size="md"
                      value={u.id}
                      label={`${u.displayName} · ${careType[u.careType]()}`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          </Paper>
          {zone ? (
            <Text size="sm" c="dimmed">
              {t.now({ units: zone.units.map((u) => u.displayName).join(', ') || t.noUnits() })}
            </Text>
          ) : null}
          <Button type="submit" size="lg" fullWidth loading={save.isPending}>
            {t.save()}
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
              {t.delete()}
            </Button>
          ) : null}
        </Stack>
      </form>
    </Box>
  );
}

import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  FacilityStatus,
  MessageDeliveryMethod,
  ROUTINE_CHECK_INTERVAL_MAX,
  ROUTINE_CHECK_INTERVAL_MIN,
  type TEnterprise,
  type TFacility,
  ZCreateFacilityRequestSchema,
} from '@sage/contract';
import { useDrawers } from '../../../shared/drawers';
import { useMessages } from '../../../shared/i18n';
import { describedSchemaErrors } from '../field-check';
import { useFieldChecks } from '../field-check-messages';
import { type FacilityFormValues, phoneErrors, toFacilityRequest } from './facility-request';
import '../admin-org-messages';

export type { FacilityFormValues } from './facility-request';
export { toFacilityRequest } from './facility-request';

/** IANA zones this browser knows (the server checks the same way), US zones first. */
function timeZones(): string[] {
  const all: string[] =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['America/Chicago'];
  const us = all.filter((z) => z.startsWith('America/') || z.startsWith('Pacific/Honolulu'));
  return [...new Set([...us, ...all, 'UTC'])];
}
const TIME_ZONES = timeZones();

/**
 * Add or edit a community: its company (picked in 'Select a company'), name, time zone, sender numbers and
 * facilityConfig; on edit also its status.
 */
export function FacilityForm({
  facility,
  enterprise,
  saving,
  serverErrors,
  onSave,
  onCancel,
}: {
  facility: TFacility | null;
  /** The company chosen on the page (a new community's default). */
  enterprise: TEnterprise | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSave: (values: FacilityFormValues, companyName: string) => void;
  onCancel: () => void;
}) {
  const M = useMessages('adminOrg');
  const drawers = useDrawers();
  // Field checks in the reader's language (decision 0780).
  const describe = useFieldChecks();
  const form = useForm<FacilityFormValues & { companyName: string }>({
    initialValues: {
      enterpriseId: facility?.enterpriseId ?? enterprise?.id ?? '',
      companyName: enterprise?.name ?? '',
      name: facility?.name ?? '',
      timezone: facility?.timezone ?? 'America/Chicago',
      emergencyNotificationNumber: facility?.emergencyNotificationNumber ?? '',
      taskNotificationNumber: facility?.taskNotificationNumber ?? '',
      routineCheckIntervalInMin: facility?.facilityConfig.routineCheckIntervalInMin ?? '',
      isAlertLocationEnabled: facility?.facilityConfig.isAlertLocationEnabled ?? false,
      isObservationsEnabled: facility?.facilityConfig.isObservationsEnabled ?? true,
      push: facility
        ? facility.messageDeliveryMethods.includes(MessageDeliveryMethod.PUSH_NOTIFICATION)
        : true,
      status: (facility?.status as FacilityStatus | undefined) ?? FacilityStatus.ACTIVE,
    },
    validate: (values) => ({
      ...describedSchemaErrors(ZCreateFacilityRequestSchema, toFacilityRequest(values), describe),
      ...phoneErrors(values),
    }),
  });
  const error = (field: string) => form.errors[field] ?? serverErrors[field];
  const pickCompany = () =>
    drawers.open('select-enterprise', {
      initialEnterpriseId: form.values.enterpriseId || null,
      onContinue: (chosen: TEnterprise) => {
        form.setFieldValue('enterpriseId', chosen.id);
        form.setFieldValue('companyName', chosen.name);
      },
    });

  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={form.onSubmit((values) => onSave(values, values.companyName))}>
        <Stack gap="md">
          <Title order={2} fz="h4">
            {facility ? M.editFacility() : M.addFacility()}
          </Title>
          <Stack gap={4}>
            <Text fw={500} size="sm" id="facility-company-label">
              {M.company()}
            </Text>
            <Button
              variant="default"
              size="lg"
              justify="space-between"
              fullWidth
              aria-labelledby="facility-company-label"
              aria-describedby="facility-company-value"
              disabled={Boolean(facility)}
              onClick={pickCompany}
              rightSection={<span aria-hidden>›</span>}
              styles={{ inner: { justifyContent: 'space-between' }, label: { flex: 1, textAlign: 'left' } }}
            >
              <span id="facility-company-value">{form.values.companyName || M.companiesList()}</span>
            </Button>
            {error('enterpriseId') ? (
              <Text c="red" size="sm">
                {error('enterpriseId')}
              </Text>
            ) : null}
          </Stack>
          <TextInput
            size="lg"
            label={M.facilityName()}
            maxLength={120}
            {...form.getInputProps('name')}
            error={error('name')}
          />
          <Select
            size="lg"
            label={M.timezone()}
            searchable
            data={TIME_ZONES}
            allowDeselect={false}
            {...form.getInputProps('timezone')}
            error={error('timezone')}
          />
          <TextInput
            size="lg"
            type="tel"
            label={M.emergencyNotificationNumber()}
            placeholder="+1 415 555 0123"
            {...form.getInputProps('emergencyNotificationNumber')}
            error={error('emergencyNotificationNumber')}
          />
          <TextInput
            size="lg"
            type="tel"
            label={M.taskNotificationNumber()}
            placeholder="+1 415 555 0124"
            {...form.getInputProps('taskNotificationNumber')}
            error={error('taskNotificationNumber')}
          />
          <NumberInput
            size="lg"
            label={M.routineCheckIntervalInMin()}
            min={ROUTINE_CHECK_INTERVAL_MIN}
            max={ROUTINE_CHECK_INTERVAL_MAX}
            allowDecimal={false}
            {...form.getInputProps('routineCheckIntervalInMin')}
            error={error('facilityConfig.routineCheckIntervalInMin')}
          />
          <Switch
            size="lg"
            label={M.isAlertLocationEnabled()}
            {...form.getInputProps('isAlertLocationEnabled', { type: 'checkbox' })}
          />
          <Switch
            size="lg"
            label={M.isObservationsEnabled()}
            {...form.getInputProps('isObservationsEnabled', { type: 'checkbox' })}
          />
          <Switch
            size="lg"
            label={M.pushNotifications()}
            {...form.getInputProps('push', { type: 'checkbox' })}
          />
          {facility ? (
            <Select
              size="lg"
              label={M.status()}
              data={Object.values(FacilityStatus).map((value) => ({ value, label: M[`status_${value}`]() }))}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
          ) : null}
          <Button type="submit" size="lg" fullWidth loading={saving}>
            {M.save()}
          </Button>
          <Group grow>
            <Button variant="default" size="lg" onClick={onCancel} disabled={saving}>
              {M.cancel()}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LoginMessages, type TCompanyPhoneDetail, ZCompanyPhoneFieldsSchema } from '@sage/contract';
import { useMessages } from '../../../shared/i18n';
import { validatePhoneNumber } from '../../signin/phone-validation';
import { describedSchemaErrors } from '../field-check';
import { useFieldChecks } from '../field-check-messages';
import { type CompanyPhoneFormValues, toCompanyPhoneFields } from './company-phone-fields';
import '../admin-org-messages';

/** Add or edit a company phone: name and number (@mantine/form with the contract's schema). */
export function CompanyPhoneForm({
  phone,
  saving,
  serverErrors,
  onSave,
  onCancel,
  onDelete,
}: {
  phone: TCompanyPhoneDetail | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSave: (fields: { displayName: string; phoneNumber: string }) => void;
  onCancel: () => void;
  onDelete?: () => void;
}) {
  const M = useMessages('adminOrg');
  // Field checks in the reader's language (decision 0780).
  const describe = useFieldChecks();
  const form = useForm<CompanyPhoneFormValues>({
    initialValues: { displayName: phone?.displayName ?? '', phoneNumber: phone?.phoneNumber ?? '' },
    validate: (values) => {
      const phoneCheck = validatePhoneNumber(values.phoneNumber, 'US');
      return {
        ...describedSchemaErrors(ZCompanyPhoneFieldsSchema, toCompanyPhoneFields(values), describe),
        ...(phoneCheck.ok
          ? {}
          : {
              phoneNumber:
                phoneCheck.message === LoginMessages.phoneRequired ? M.phoneRequired() : M.phoneInvalid(),
            }),
      };
    },
  });
  const error = (field: keyof CompanyPhoneFormValues) => form.errors[field] ?? serverErrors[field];
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={form.onSubmit((values) => onSave(toCompanyPhoneFields(values)))} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h4">
            {phone ? M.editCompanyPhone() : M.addCompanyPhone()}
          </Title>
          <TextInput
            size="lg"
            label={M.displayName()}
            maxLength={80}
            {...form.getInputProps('displayName')}
            error={error('displayName')}
          />
          <TextInput
            size="lg"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            label={M.phoneNumber()}
            placeholder="+1 415 555 0123"
            {...form.getInputProps('phoneNumber')}
            error={error('phoneNumber')}
          />
          <Button type="submit" size="lg" fullWidth loading={saving}>
            {M.save()}
          </Button>
          <Group grow>
            <Button variant="default" size="lg" onClick={onCancel} disabled={saving}>
              {M.cancel()}
            </Button>
            {onDelete ? (
              <Button color="red" variant="light" size="lg" onClick={onDelete} disabled={saving}>
                {M.delete()}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

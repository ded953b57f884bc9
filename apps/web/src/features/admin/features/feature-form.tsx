import { Button, Group, Paper, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TFeature, ZUpdateFeatureRequestSchema } from '@sage/contract';
import { useMessages } from '../../../shared/i18n';
import { describedSchemaErrors } from '../field-check';
import { useFieldChecks } from '../field-check-messages';
import { type FeatureFields, type FeatureFormValues, parseFeatureConfig } from './feature-config';
import '../admin-org-messages';

export type { FeatureFields } from './feature-config';

/** Add or edit a feature: name, on or off, optional JSON config (@mantine/form with the contract's schema). */
export function FeatureForm({
  feature,
  saving,
  serverErrors,
  onSave,
  onCancel,
  onDelete,
}: {
  feature: TFeature | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSave: (fields: FeatureFields) => void;
  onCancel: () => void;
  onDelete?: () => void;
}) {
  const M = useMessages('adminOrg');
  // Field checks in the reader's language (decision 0780).
  const describe = useFieldChecks();
  const form = useForm<FeatureFormValues>({
    initialValues: {
      name: feature?.name ?? '',
      isEnabled: feature?.isEnabled ?? true,
      config: feature?.config ? JSON.stringify(feature.config, null, 2) : '',
    },
    validate: (values) => {
      const config = parseFeatureConfig(values.config);
      if (config === undefined) return { config: M.featureConfigInvalid() };
      return describedSchemaErrors(
        ZUpdateFeatureRequestSchema,
        {
          name: values.name.trim(),
          isEnabled: values.isEnabled,
          config,
        },
        describe,
      );
    },
  });
  const error = (field: keyof FeatureFormValues) => form.errors[field] ?? serverErrors[field];
  return (
    <Paper withBorder p="md" radius="md">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          onSave({
            name: values.name.trim(),
            isEnabled: values.isEnabled,
            config: parseFeatureConfig(values.config) ?? null,
          }),
        )}
      >
        <Stack gap="md">
          <Title order={2} fz="h4">
            {feature ? M.editFeature() : M.addFeature()}
          </Title>
          <TextInput
            size="lg"
            label={M.featureName()}
            maxLength={64}
            {...form.getInputProps('name')}
            error={error('name')}
          />
          <Switch
            size="lg"
            label={M.featureEnabled()}
            {...form.getInputProps('isEnabled', { type: 'checkbox' })}
          />
          <Textarea
            size="md"
            label={M.featureConfig()}
            autosize
            minRows={3}
            maxRows={10}
            styles={{ input: { fontFamily: 'monospace' } }}
            {...form.getInputProps('config')}
            error={error('config')}
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

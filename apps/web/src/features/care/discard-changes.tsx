import { Button, Stack, Text, Title } from '@mantine/core';
import { useMessages } from '../../shared/i18n';
import './care-messages';

/**
 * "Back navigation from a form with changes asks 'Go Back?' / 'There are some unsaved changes. Are you sure
 * you want to go back?' with 'Discard Changes' / 'Cancel'." Shown in place of the drawer's form.
 */
export function DiscardChangesPrompt({
  onDiscard,
  onCancel,
}: {
  onDiscard: () => void;
  onCancel: () => void;
}) {
  const m = useMessages('resolve');
  return (
    <Stack gap="md" role="alertdialog" aria-labelledby="go-back-title">
      <Title order={2} fz="h3" id="go-back-title">
        {m.goBackTitle()}
      </Title>
      <Text>{m.goBackText()}</Text>
      <Stack gap="sm">
        <Button size="lg" fullWidth color="red" onClick={onDiscard}>
          {m.discardChanges()}
        </Button>
        <Button size="lg" fullWidth variant="default" onClick={onCancel}>
          {m.cancel()}
        </Button>
      </Stack>
    </Stack>
  );
}

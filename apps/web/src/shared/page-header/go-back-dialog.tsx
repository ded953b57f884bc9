import { Button, Modal, Stack, Text } from '@mantine/core';
import { useMessages } from '../i18n';

/** 'Discard changes?' before going back from a form with changes. */
export function GoBackDialog({
  opened,
  onClose,
  onDiscard,
}: {
  opened: boolean;
  onClose: () => void;
  onDiscard: () => void;
}) {
  // In the reader's language (issue #33): the dashboard's messages, which the page header has loaded.
  const m = useMessages('dashboard');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={m.goBackTitle()}
      centered
      withCloseButton={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="md">
        <Text>{m.goBackText()}</Text>
        <Button
          fullWidth
          color="red"
          onClick={() => {
            onClose();
            onDiscard();
          }}
        >
          {m.discardChanges()}
        </Button>
        <Button fullWidth variant="default" onClick={onClose}>
          {m.cancel()}
        </Button>
      </Stack>
    </Modal>
  );
}

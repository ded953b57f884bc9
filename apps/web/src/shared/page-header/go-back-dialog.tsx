import { Button, Modal, Stack, Text } from '@mantine/core';
import { GoBackMessages } from '@sage/contract';

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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={GoBackMessages.title}
      centered
      withCloseButton={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="md">
        <Text>{GoBackMessages.text}</Text>
        <Button
          fullWidth
          color="red"
          onClick={() => {
            onClose();
            onDiscard();
          }}
        >
          {GoBackMessages.discard}
        </Button>
        <Button fullWidth variant="default" onClick={onClose}>
          {GoBackMessages.cancel}
        </Button>
      </Stack>
    </Modal>
  );
}

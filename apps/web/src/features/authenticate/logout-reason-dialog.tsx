import { Button, Modal, Stack, Text } from '@mantine/core';
import { LogoutReasonDialogs, ZLogoutReasonSchema } from '@sage/contract';
import { useSearchParams } from 'react-router';

/** The logoutReason dialog (login-required, session-expired, token-error) with an Ok button. */
export function LogoutReasonDialog() {
  const [params, setParams] = useSearchParams();
  const reason = ZLogoutReasonSchema.safeParse(params.get('logoutReason'));
  if (!reason.success) return null;
  const dialog = LogoutReasonDialogs[reason.data];
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('logoutReason');
        return next;
      },
      { replace: true },
    );
  return (
    <Modal opened onClose={dismiss} title={dialog.title} centered withCloseButton={false}>
      <Stack gap="md">
        <Text>{dialog.text}</Text>
        <Button fullWidth onClick={dismiss}>
          Ok
        </Button>
      </Stack>
    </Modal>
  );
}

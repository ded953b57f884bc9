import { Center, Stack, Text, Title } from '@mantine/core';
import { LoginMessages } from '@sage/contract';
import { PRODUCT_NAME } from '../../shared/constants';

/** Login page placeholder: the phone and code steps come with the sign-in feature. */
export function AuthenticatePage() {
  return (
    <Center component="main" mih="100dvh" p="lg">
      <Stack gap="sm" w="100%" maw={420}>
        <Title order={1} fz="h2">
          {LoginMessages.welcome} {PRODUCT_NAME}
        </Title>
        <Text>{LoginMessages.enterPhone}</Text>
      </Stack>
    </Center>
  );
}

import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { HELP_CENTER_URL } from '../../shared/constants';
import { useShellMessages } from './shell-messages';

/** Where Reload goes: the root with a time-stamp query value, so that caches are bypassed. */
export function reloadUrl(now: number = Date.now()): string {
  return `/?t=${now}`;
}

/** 'Something went wrong', with Reload and Get Help. */
export function ErrorFallbackScreen() {
  const m = useShellMessages();
  // The reader's language still loading (shell-messages.ts): a moment, then the screen in it (or in English).
  if (!m) return <ShellScreenLoading />;
  return (
    <Center component="main" mih="100dvh" p="lg">
      <Stack gap="md" maw={420} w="100%">
        <Title order={1} fz="h2">
          {m.errorHeadline()}
        </Title>
        <Text>{m.errorText()}</Text>
        <Button fullWidth onClick={() => window.location.assign(reloadUrl())}>
          {m.reload()}
        </Button>
        <Button
          fullWidth
          variant="default"
          component="a"
          href={HELP_CENTER_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          {m.getHelp()}
        </Button>
      </Stack>
    </Center>
  );
}

/** A shell screen while its text in the reader's language loads (a few milliseconds). */
export function ShellScreenLoading() {
  return (
    <Center component="main" mih="100dvh" p="lg" aria-busy="true">
      <Loader size="lg" aria-hidden />
    </Center>
  );
}

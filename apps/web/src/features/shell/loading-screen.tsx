import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { APP_VERSION, LOADING_RELOAD_OFFER_MS } from '../../shared/constants';
import { useShellMessages } from './shell-messages';

export interface LoadingScreenViewProps {
  showReloadOffer: boolean;
  onReload?: () => void;
}

/** The loading screen as shown at a given moment. */
export function LoadingScreenView({ showReloadOffer, onReload }: LoadingScreenViewProps) {
  const m = useShellMessages();
  return (
    <Center component="main" mih="100dvh" p="lg" aria-busy="true">
      <Stack align="center" gap="md">
        <Loader size="lg" aria-hidden />
        {/* Without text for the moment the reader's language is loading (shell-messages.ts). */}
        <Text fz="lg" fw={600} role="status">
          {m?.verifying()}
        </Text>
        {showReloadOffer && m ? (
          <Anchor component="button" type="button" fz="md" underline="always" py={12} onClick={onReload}>
            {m.stuck()}
          </Anchor>
        ) : null}
        <Text size="sm" c="dimmed">
          {APP_VERSION}
        </Text>
      </Stack>
    </Center>
  );
}

/** 'Verifying your information'; after 5 seconds it also offers to refresh the page. */
export function LoadingScreen() {
  const [showReloadOffer, setShowReloadOffer] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShowReloadOffer(true), LOADING_RELOAD_OFFER_MS);
    return () => clearTimeout(timer);
  }, []);
  return <LoadingScreenView showReloadOffer={showReloadOffer} onReload={() => window.location.reload()} />;
}

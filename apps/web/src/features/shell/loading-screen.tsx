import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { APP_VERSION, LOADING_RELOAD_OFFER_MS } from '../../shared/constants';

export interface LoadingScreenViewProps {
  showReloadOffer: boolean;
  onReload?: () => void;
}

/** The loading screen as shown at a given moment. */
export function LoadingScreenView({ showReloadOffer, onReload }: LoadingScreenViewProps) {
  return (
    <Center component="main" mih="100dvh" p="lg" aria-busy="true">
      <Stack align="center" gap="md">
        <Loader size="lg" aria-hidden />
        <Text fz="lg" fw={600} role="status">
          Verifying your information
        </Text>
        {showReloadOffer ? (
          <Text ta="center">
            Stuck Loading?{' '}
            <Anchor
              component="button"
              type="button"
              fz="inherit"
              underline="always"
              py={12}
              style={{ display: 'inline-block' }}
              onClick={onReload}
            >
              Try refreshing the page
            </Anchor>
          </Text>
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

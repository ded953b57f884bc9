import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useMessages } from '../../shared/i18n';
import { audioEngine } from './audio-engine';
import { soundSettings } from './sound-settings';
import './sound-messages';

/**
 * The bar due (decision 0630: its code and messages load when one is, not on the first load): the mute, shown
 * plainly, or the tap the browser needs before the page may make sound.
 */
export function AlertSoundBar({ bar }: { bar: 'muted' | 'enable' }) {
  return bar === 'muted' ? <MutedBar /> : <EnableSoundBar />;
}

function MutedBar() {
  const m = useMessages('sound');
  return (
    <Paper radius={0} px="sm" py={4} bg="yellow.2" role="status" aria-label={m.muted()}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} c="dark.9">
          <span aria-hidden>🔇 </span>
          {m.muted()}
        </Text>
        <Button
          variant="filled"
          color="dark"
          mih={44}
          miw={44}
          onClick={() => soundSettings.update({ muted: false })}
        >
          {m.unmute()}
        </Button>
      </Group>
    </Paper>
  );
}

/** The enable bar's height (at least a 44 px touch target). */
const ENABLE_BAR_HEIGHT = 48;

/**
 * The tap the browser needs before the page may make sound, fixed at the bottom of the screen (decision 0436):
 * it shows only once the sound is found held back, a second after the page starts, so at the top it pushed the
 * whole page down under a finger already on its way to a control (the tap then lands beside it). While it shows,
 * the page may scroll as far again, so nothing stays hidden under it.
 */
function EnableSoundBar() {
  const m = useMessages('sound');
  useEffect(() => {
    const { style } = document.body;
    const before = style.paddingBottom;
    style.paddingBottom = `${ENABLE_BAR_HEIGHT}px`;
    return () => {
      style.paddingBottom = before;
    };
  }, []);
  return (
    // Under the drawers and dialogs (z-index 200), which cover it while open.
    // data-bottom-bar: toasts stay above it (decision 0600).
    <Box pos="fixed" bottom={0} left={0} right={0} style={{ zIndex: 150 }} data-bottom-bar>
      <Button
        fullWidth
        radius={0}
        mih={ENABLE_BAR_HEIGHT}
        color="orange.9"
        onClick={() => {
          void audioEngine.resume().then(() => soundSettings.update({ enabled: true }));
        }}
      >
        <span aria-hidden>🔔&nbsp;</span>
        {m.enable()}
      </Button>
    </Box>
  );
}

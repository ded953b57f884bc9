import { Button, Modal, Slider, Stack, Switch, Text } from '@mantine/core';
import { useMessages } from '../../shared/i18n';
import { audioEngine } from './audio-engine';
import { ALERT_VOLUME_MIN, soundSettings, useSoundSettings } from './sound-settings';
import './sound-messages';

/** Volume, mute and a test ring for this device. */
export function AlertSoundSettingsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useSoundSettings();
  const m = useMessages('sound');
  return (
    <Modal opened={opened} onClose={onClose} title={m.settingsTitle()} centered>
      <Stack gap="lg">
        <Switch
          size="lg"
          label={m.mute()}
          checked={settings.muted}
          onChange={(event) => soundSettings.update({ muted: event.currentTarget.checked })}
        />
        <Stack gap={4}>
          <Text id="alert-volume-label" fw={500}>
            {m.volume()}: {settings.volume}%
          </Text>
          <Slider
            py="md"
            size="lg"
            thumbSize={28}
            min={ALERT_VOLUME_MIN}
            max={100}
            step={10}
            value={settings.volume}
            onChange={(volume) => soundSettings.update({ volume })}
            thumbProps={{ 'aria-labelledby': 'alert-volume-label' }}
            label={null}
          />
        </Stack>
        <Button
          variant="light"
          size="lg"
          onClick={() => {
            void audioEngine.resume().then(() => {
              soundSettings.update({ enabled: true });
              audioEngine.ring('alert', soundSettings.get().volume, false);
            });
          }}
        >
          {m.test()}
        </Button>
        <Button size="lg" onClick={onClose}>
          {m.done()}
        </Button>
      </Stack>
    </Modal>
  );
}

import { Button, Modal, Slider, Stack, Switch, Text } from '@mantine/core';
import { ALERT_SOUND_TEXTS } from './alert-sound';
import { audioEngine } from './audio-engine';
import { ALERT_VOLUME_MIN, soundSettings, useSoundSettings } from './sound-settings';

/** Volume, mute and a test ring for this device. */
export function AlertSoundSettingsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useSoundSettings();
  return (
    <Modal opened={opened} onClose={onClose} title={ALERT_SOUND_TEXTS.settingsTitle} centered>
      <Stack gap="lg">
        <Switch
          size="lg"
          label={ALERT_SOUND_TEXTS.mute}
          checked={settings.muted}
          onChange={(event) => soundSettings.update({ muted: event.currentTarget.checked })}
        />
        <Stack gap={4}>
          <Text id="alert-volume-label" fw={500}>
            {ALERT_SOUND_TEXTS.volume}: {settings.volume}%
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
          {ALERT_SOUND_TEXTS.test}
        </Button>
        <Button size="lg" onClick={onClose}>
          {ALERT_SOUND_TEXTS.done}
        </Button>
      </Stack>
    </Modal>
  );
}

import { Button, Radio, Stack, TextInput } from '@mantine/core';
import { CHECK_IN_ROOM_OPTION } from '@sage/contract';
import { useState } from 'react';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import './device-admin-messages';
import { type RoomChoice, roomOfChoice } from './room-check-in';

export interface SelectRoomCheckInDrawerProps {
  unit: { id: string; displayName: string };
  /** Runs with the chosen room on Continue ('CHECKIN' for the check-in button); the drawer then closes. */
  onContinue: (target: { room?: string }) => void | Promise<void>;
}

/**
 * Select room check-in (alerts doc section 2, drawer 12): where in the unit a wall button goes: "room option
 * with id CHECKIN shown as 'Check-In button'", or a wall button, optionally in a named room. Opened when a wall
 * button is assigned to a unit (docs/decisions/0331).
 */
export function SelectRoomCheckInDrawer({
  drawer,
  unit,
  onContinue,
}: SelectRoomCheckInDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('deviceAllocation');
  const [choice, setChoice] = useState<RoomChoice | null>(null);
  const [roomText, setRoomText] = useState('');
  const [saving, setSaving] = useState(false);
  const target = roomOfChoice(choice, roomText);
  const big = { size: 'lg', fullWidth: true, mih: 48 } as const;
  const rowStyles = { body: { minHeight: 56, alignItems: 'center' }, labelWrapper: { flex: 1 } } as const;
  return (
    <DrawerLayout
      drawer={drawer}
      title={m.roomTitle({ unit: unit.displayName })}
      backLabel={m.back()}
      actions={
        <>
          <Button
            {...big}
            disabled={target === null}
            loading={saving}
            onClick={async () => {
              if (target === null) return;
              setSaving(true);
              try {
                await onContinue(target);
                drawer.close();
              } finally {
                setSaving(false);
              }
            }}
          >
            {m.continue()}
          </Button>
          <Button {...big} variant="default" disabled={saving} onClick={drawer.close}>
            {m.cancel()}
          </Button>
        </>
      }
    >
      <Radio.Group
        label={m.roomOptions()}
        value={choice}
        onChange={(value) => setChoice(value as RoomChoice)}
      >
        <Stack gap={0} mt="sm">
          <Radio size="md" value={CHECK_IN_ROOM_OPTION.id} label={m.checkInButton()} styles={rowStyles} />
          <Radio size="md" value="WALL_BUTTON" label={m.wallButton()} styles={rowStyles} />
          {choice === 'WALL_BUTTON' ? (
            <TextInput
              size="lg"
              label={m.room()}
              placeholder={m.roomPlaceholder()}
              value={roomText}
              onChange={(event) => setRoomText(event.currentTarget.value)}
            />
          ) : null}
        </Stack>
      </Radio.Group>
    </DrawerLayout>
  );
}

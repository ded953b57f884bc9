import { Button } from '@mantine/core';
import { useDrawers } from '../../../shared/drawers';
import { useMessages } from '../../../shared/i18n';

/** 'Text message alerts': opens the Notifications opt-in drawer any time (docs/decisions/0066). */
export function OptInEntry() {
  const drawers = useDrawers();
  const m = useMessages('entries');
  return (
    <Button fullWidth size="lg" variant="light" onClick={() => drawers.open('phone-subscription', {})}>
      {m.textAlerts()}
    </Button>
  );
}

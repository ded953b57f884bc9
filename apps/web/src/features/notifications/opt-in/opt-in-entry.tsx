import { Button } from '@mantine/core';
import { OptInMessages } from '@sage/contract';
import { useDrawers } from '../../../shared/drawers';

/** 'Text message alerts': opens the Notifications opt-in drawer any time (docs/decisions/0066). */
export function OptInEntry() {
  const drawers = useDrawers();
  return (
    <Button fullWidth size="lg" variant="light" onClick={() => drawers.open('phone-subscription', {})}>
      {OptInMessages.entry}
    </Button>
  );
}

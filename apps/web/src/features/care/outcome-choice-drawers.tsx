import { Button } from '@mantine/core';

import { emergencyReasonOutcome, wasFallOutcome } from '@sage/domain';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import './care-messages';

// Titles of drawers 6 and 7: the spec names the drawers, not their titles (docs/decisions/0052); the texts are
// the catalogue's `resolve.wasFallTitle` and `resolve.emergencyReasonTitle` (decision 0630).

/** Was-fall drawer (6): "Yes gives COMPLETED Fall with RESIDENT_INTERACTION; No gives NOT_COMPLETED No Care Given with FALSE_ALARM." */
export function WasFallDrawer({ drawer }: { drawer: DrawerControls }) {
  const m = useMessages('resolve');
  return (
    <DrawerLayout
      drawer={drawer}
      title={m.wasFallTitle()}
      backLabel={m.back()}
      actions={
        <>
          <Button
            size="lg"
            fullWidth
            onClick={() => drawer.next({ outcome: wasFallOutcome(true), skipped: {} })}
          >
            {m.yes()}
          </Button>
          <Button
            size="lg"
            fullWidth
            variant="default"
            onClick={() => drawer.next({ outcome: wasFallOutcome(false), skipped: {} })}
          >
            {m.no()}
          </Button>
        </>
      }
    />
  );
}

/** Emergency reason drawer (7): "Fall or Other Emergency gives a COMPLETED outcome." */
export function EmergencyReasonDrawer({ drawer }: { drawer: DrawerControls }) {
  const m = useMessages('resolve');
  const names = useMessages('resolution');
  return (
    <DrawerLayout
      drawer={drawer}
      title={m.emergencyReasonTitle()}
      backLabel={m.back()}
      actions={(['EMERGENCY_FALL', 'EMERGENCY_OTHER'] as const).map((reason) => (
        <Button
          key={reason}
          size="lg"
          fullWidth
          variant={reason === 'EMERGENCY_FALL' ? 'filled' : 'light'}
          onClick={() => drawer.next({ outcome: emergencyReasonOutcome(reason), skipped: {} })}
        >
          {names[reason]()}
        </Button>
      ))}
    />
  );
}

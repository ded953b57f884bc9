import { Button } from '@mantine/core';
import { ButtonLabels, getResolutionType } from '@sage/contract';
import { emergencyReasonOutcome, wasFallOutcome } from '@sage/domain';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';

/** Titles of drawers 6 and 7: the spec names the drawers, not their titles (docs/decisions/0052). */
export const WAS_FALL_TITLE = 'Was it a fall?';
export const EMERGENCY_REASON_TITLE = 'What was the emergency?';

/** Was-fall drawer (6): "Yes gives COMPLETED Fall with RESIDENT_INTERACTION; No gives NOT_COMPLETED No Care Given with FALSE_ALARM." */
export function WasFallDrawer({ drawer }: { drawer: DrawerControls }) {
  return (
    <DrawerLayout
      drawer={drawer}
      title={WAS_FALL_TITLE}
      actions={
        <>
          <Button
            size="lg"
            fullWidth
            onClick={() => drawer.next({ outcome: wasFallOutcome(true), skipped: {} })}
          >
            {ButtonLabels.yes}
          </Button>
          <Button
            size="lg"
            fullWidth
            variant="default"
            onClick={() => drawer.next({ outcome: wasFallOutcome(false), skipped: {} })}
          >
            {ButtonLabels.no}
          </Button>
        </>
      }
    />
  );
}

/** Emergency reason drawer (7): "Fall or Other Emergency gives a COMPLETED outcome." */
export function EmergencyReasonDrawer({ drawer }: { drawer: DrawerControls }) {
  return (
    <DrawerLayout
      drawer={drawer}
      title={EMERGENCY_REASON_TITLE}
      actions={(['EMERGENCY_FALL', 'EMERGENCY_OTHER'] as const).map((reason) => (
        <Button
          key={reason}
          size="lg"
          fullWidth
          variant={reason === 'EMERGENCY_FALL' ? 'filled' : 'light'}
          onClick={() => drawer.next({ outcome: emergencyReasonOutcome(reason), skipped: {} })}
        >
          {getResolutionType(reason).name}
        </Button>
      ))}
    />
  );
}

import type { DrawerControls } from '../../shared/drawers';
import { CareConfirmationDrawer, type CareConfirmationDrawerProps } from './care-confirmation-drawer';
import { isTestAlertSelection, resolutionData, useSkipStep } from './resolution-steps';

export interface CareConfirmationStepProps extends CareConfirmationDrawerProps {
  /** In a resolution workflow after the outcome choice: a test alert needs no confirmation. */
  skipForTestAlert?: boolean;
}

/** The care-confirmation drawer as a workflow step (skipped when the outcome chosen is a test alert). */
export function CareConfirmationStep({
  skipForTestAlert = false,
  ...props
}: CareConfirmationStepProps & { drawer: DrawerControls }) {
  const skipping = useSkipStep(
    props.drawer,
    skipForTestAlert && isTestAlertSelection(resolutionData(props.drawer)),
  );
  return skipping ? null : <CareConfirmationDrawer {...props} />;
}

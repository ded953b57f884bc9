import { TRAINING_ALERT_TOAST_MS, type TStaffRef } from '@sage/contract';
import { navigateTo } from '../../shared/navigation';
import { showAlertToast } from '../live/use-live-updates';
import { tourStore } from './tour-store';
import { createTrainingAlert, trainingAlerts } from './training-tasks';

/** Where a new training alert sends the trainee ("Retry ... goes to /alerts"). */
export const ALERTS_ROUTE = '/alerts';

/**
 * A new training alert with the guided tour on: announced by an error toast for 15 s that links to it
 * (alerts doc section 4), then the alert list, where the tour's first step waits.
 */
export function startTraining(input: { facilityId: string; trainee: TStaffRef }): string {
  trainingAlerts.clear();
  const task = createTrainingAlert(input);
  tourStore.start(task.id);
  showAlertToast(task.id, task.title, TRAINING_ALERT_TOAST_MS);
  navigateTo(ALERTS_ROUTE);
  return task.id;
}

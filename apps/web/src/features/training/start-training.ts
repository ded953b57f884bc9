import { TRAINING_ALERT_TOAST_MS, type TStaffRef } from '@sage/contract';
import { currentLanguage, loadMessages, type Messages } from '../../shared/i18n';
import { navigateTo } from '../../shared/navigation';
import { showAlertToast } from '../live/use-live-updates';
import { tourStore } from './tour-store';
import { createTrainingAlert, trainingAlerts } from './training-tasks';
import './training-messages';

/** Where a new training alert sends the trainee ("Retry ... goes to /alerts"). */
export const ALERTS_ROUTE = '/alerts';

/**
 * A new training alert with the guided tour on: announced by an error toast for 15 s that links to it
 * (alerts doc section 4), then the alert list, where the tour's first step waits. Its made-up unit is named in
 * the reader's language, so the `training` messages are awaited first (loaded already when the tour card or the
 * offer asks; decision 0670).
 */
export async function startTraining(input: { facilityId: string; trainee: TStaffRef }): Promise<string> {
  const m = (await loadMessages(currentLanguage(), 'training')) as unknown as Messages<'training'>;
  trainingAlerts.clear();
  const task = createTrainingAlert({ ...input, unitName: m.trainingUnit() });
  tourStore.start(task.id);
  showAlertToast(task.id, task.title, TRAINING_ALERT_TOAST_MS);
  navigateTo(ALERTS_ROUTE);
  return task.id;
}

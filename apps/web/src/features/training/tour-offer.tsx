import { DRAWER_EXIT_MS, type TStaffMember } from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDrawers } from '../../shared/drawers';
import { currentLanguage, loadMessages, type Messages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { useSession } from '../../shared/session';
import { useCurrentFacility, useProfile } from '../shift/shift-api';
import { useMyPermissions } from '../team/team-api';
import { startTraining } from './start-training';
import { tourApi, tourKeys } from './tour-api';
import './training-messages';

const traineeOf = (profile: TStaffMember) => ({
  id: profile.id,
  firstName: profile.firstName,
  lastName: profile.lastName,
});

/**
 * The first sign-in offers the tour (decision 0363): the last question of the calm post-sign-in sequence
 * (decision 0186), only for staff who see alerts and who were never offered it nor completed it. Resolves with
 * true when the tour started (the trainee is on /alerts), false when there was nothing to offer or it was
 * declined (the caller goes on to the dashboard).
 */
export function useTourOffer(): () => Promise<boolean> {
  const session = useSession();
  const staffMemberId = session?.staffMemberId ?? '';
  const drawers = useDrawers();
  const queryClient = useQueryClient();
  const profile = useProfile(staffMemberId);
  const facility = useCurrentFacility();
  const permissions = useMyPermissions(facility.data?.id);

  return useCallback(async () => {
    const facilityId = facility.data?.id;
    if (!profile.data || !facilityId || !permissions.data?.canViewAlerts) return false;
    let due = false;
    try {
      due = (await tourApi.get(staffMemberId)).offerDue;
    } catch (error) {
      reportError(error, { action: 'tour-offer' });
      return false;
    }
    if (!due) return false;
    // Offered once: the answer (or a closed app) does not bring the question back at the next sign-in.
    // Recorded before the question shows (a failure is reported, and the question still asked).
    await tourApi
      .record(staffMemberId, { event: 'OFFERED' })
      .then(() => queryClient.invalidateQueries({ queryKey: tourKeys.all }))
      .catch((error: unknown) => reportError(error, { action: 'record-tour-offer' }));
    const trainee = traineeOf(profile.data);
    // The question in the reader's language (decision 0670): its messages started loading with this module.
    const m = (await loadMessages(currentLanguage(), 'training')) as unknown as Messages<'training'>;
    return new Promise<boolean>((resolve) => {
      drawers.open(
        'confirmation',
        {
          title: m.offerTitle(),
          text: m.offerText(),
          confirmLabel: m.offerStart(),
          cancelLabel: m.offerLater(),
          onConfirm: () => {
            // Once the drawer has left, so the training alert's toast and the tour card arrive on a calm screen.
            setTimeout(() => {
              startTraining({ facilityId, trainee }).catch((error: unknown) =>
                reportError(error, { action: 'start-training' }),
              );
              resolve(true);
            }, 2 * DRAWER_EXIT_MS);
          },
          onCancel: () => resolve(false),
        },
        { disableBackdropClose: true },
      );
    });
  }, [drawers, facility.data?.id, permissions.data?.canViewAlerts, profile.data, queryClient, staffMemberId]);
}

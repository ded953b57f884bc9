import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LANDED_STATE } from '../../shared/constants';
import { useDrawers } from '../../shared/drawers';
import { useSession } from '../../shared/session';
import { useFacilityPermissions } from '../admin/admin-shared';
import { useInsights } from './insights-api';
import { insightsWaiting, snoozeInsightsPrompt } from './insights-visits';

/** Asked once per page life at most. */
let asked = false;

/**
 * The explore insights prompt (drawer 13) on the dashboard, when insights new since the last visit of the
 * Insights screen wait (for management: with a workflow still open), unless 'Later' was chosen today
 * (docs/decisions/0294); not on the arrival from the post-login landing, only on a later visit (decision 0601).
 */
export function ExploreInsightsPrompt() {
  const me = useSession()?.staffMemberId ?? '';
  const { facilityId, permissions } = useFacilityPermissions();
  const insights = useInsights(facilityId);
  const drawers = useDrawers();
  // Not on the arrival from the post-login landing, which asked its own questions (decision 0601).
  const landed = useLocation().state === LANDED_STATE;
  useEffect(() => {
    if (asked || landed || !insights.data || !permissions) return;
    const count = insightsWaiting(me, insights.data, permissions.isManagement);
    if (!count) return;
    asked = true;
    drawers.open('explore-insights', { count, onLater: () => snoozeInsightsPrompt(me) });
  }, [insights.data, permissions, me, drawers, landed]);
  return null;
}

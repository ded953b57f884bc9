import { Button, Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { type DrawerControls, DrawerLayout, useDrawers } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { UnitCheckInCard } from '../check-ins/unit-check-in-card';
import { UnitLink } from '../units/unit-link';
import { CareAssignmentSwitch } from './care-assignment-switch';
import { logCareWorkflow } from './log-care-flow';
import { ResidentSummary } from './resident-summary';
import { useResident } from './residents-api';
import './residents-messages';

export interface ResidentDetailsDrawerProps {
  residentId: string;
}

/**
 * Resident details (drawer 9): name, age, unit with care type, routine-check chip, code and hospice status
 * with PHI access, the care-assignment switch, Log Care and Log Refusal. Independent-living residents get the unit
 * check-in card (features/check-ins) instead of care buttons.
 */
export function ResidentDetailsDrawer({
  drawer,
  residentId,
}: ResidentDetailsDrawerProps & { drawer: DrawerControls }) {
  const drawers = useDrawers();
  const m = useMessages('residents');
  const navigate = useNavigate();
  const resident = useResident(residentId);
  const r = resident.data;
  const independent = r?.unit?.careType === 'INDEPENDENT_LIVING';
  return (
    <DrawerLayout
      drawer={drawer}
      title={m.title()}
      actions={
        r ? (
          <>
            {independent ? null : (
              <>
                <Button
                  size="lg"
                  fullWidth
                  onClick={() => {
                    drawer.close();
                    drawers.openWorkflow(logCareWorkflow(r, false));
                  }}
                >
                  {m.logCare()}
                </Button>
                <Button
                  size="lg"
                  fullWidth
                  variant="light"
                  onClick={() => {
                    drawer.close();
                    drawers.openWorkflow(logCareWorkflow(r, true));
                  }}
                >
                  {m.logRefusal()}
                </Button>
              </>
            )}
            <Button
              size="lg"
              fullWidth
              variant="default"
              onClick={() => {
                drawer.close();
                drawers.open('resident-pendants', { residentId: r.id });
              }}
            >
              {m.pendants()}
            </Button>
            <Button
              size="lg"
              fullWidth
              variant="default"
              onClick={() => {
                drawer.close();
                navigate(`/residents/resident/${r.id}`);
              }}
            >
              {m.viewProfile()}
            </Button>
          </>
        ) : null
      }
    >
      {resident.isPending ? (
        <Loader aria-label={m.loading()} />
      ) : resident.isError ? (
        <Text c="red">{resident.error.message}</Text>
      ) : (
        <Stack>
          <ResidentSummary resident={resident.data} />
          {resident.data.unit ? <UnitLink unit={resident.data.unit} onOpen={drawer.close} /> : null}
          <CareAssignmentSwitch resident={resident.data} />
          {independent && resident.data.unit ? (
            <UnitCheckInCard
              unit={resident.data.unit}
              facilityId={resident.data.facilityId}
              onCancel={drawer.close}
            />
          ) : null}
        </Stack>
      )}
    </DrawerLayout>
  );
}

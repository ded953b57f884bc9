import { Button, Text } from '@mantine/core';
import { ButtonLabels, INSIGHTS_ROUTE } from '@sage/contract';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { navigateTo } from '../../shared/navigation';

export interface ExploreInsightsDrawerProps {
  /** Insights waiting for the caller. */
  count: number;
  /** 'Later': not again until tomorrow. */
  onLater?: () => void;
}

/** Explore insights prompt (drawer 13): 'View Insights' and 'Later'. */
export function ExploreInsightsDrawer({
  drawer,
  count,
  onLater,
}: ExploreInsightsDrawerProps & { drawer: DrawerControls }) {
  return (
    <DrawerLayout
      drawer={drawer}
      title="Explore Insights"
      actions={
        <>
          <Button
            fullWidth
            size="lg"
            onClick={() => {
              drawer.close();
              navigateTo(INSIGHTS_ROUTE);
            }}
          >
            {ButtonLabels.viewInsights}
          </Button>
          <Button
            fullWidth
            size="lg"
            variant="default"
            onClick={() => {
              onLater?.();
              drawer.close();
            }}
          >
            {ButtonLabels.later}
          </Button>
        </>
      }
    >
      <Text>
        {count === 1 ? 'A new insight is' : `${count} new insights are`} ready: see how the team is doing and
        recognize great work.
      </Text>
    </DrawerLayout>
  );
}

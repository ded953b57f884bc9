import { Button, Text } from '@mantine/core';
import { INSIGHTS_ROUTE } from '@sage/contract';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { navigateTo } from '../../shared/navigation';
import '../notifications/push/landing-messages';

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
  const m = useMessages('landing');
  return (
    <DrawerLayout
      drawer={drawer}
      title={m.exploreInsightsTitle()}
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
            {m.viewInsights()}
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
            {m.later()}
          </Button>
        </>
      }
    >
      <Text>{m.insightsReady({ count })}</Text>
    </DrawerLayout>
  );
}

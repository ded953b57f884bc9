import type { ComponentType } from 'react';
import type { DrawerControls, DrawerRegistry } from '../../shared/drawers';
import { CompleteInsightDrawer } from './complete-insight-drawer';
import { ExploreInsightsDrawer } from './explore-insights-drawer';
import { ReceiveHighFiveDrawer } from './receive-high-five-drawer';
import { SendHighFiveDrawer } from './send-high-five-drawer';

// biome-ignore lint/suspicious/noExplicitAny: each drawer declares its own props; the registry is keyed by type
type AnyDrawer = ComponentType<any & { drawer: DrawerControls }>;
const asDrawer = (component: AnyDrawer) => component as NonNullable<DrawerRegistry['complete-insight']>;

/** The insight and high-five drawers (alerts doc section 2, drawers 13-15). */
export const insightDrawers: DrawerRegistry = {
  'explore-insights': asDrawer(ExploreInsightsDrawer),
  'complete-insight': asDrawer(CompleteInsightDrawer),
  'send-high-five': asDrawer(SendHighFiveDrawer),
  'receive-high-five': asDrawer(ReceiveHighFiveDrawer),
};

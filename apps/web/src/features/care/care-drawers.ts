import type { ComponentType } from 'react';
import type { DrawerControls, DrawerRegistry } from '../../shared/drawers';
import { AddNoteDrawer } from './add-note-drawer';
import { AdditionalNotesDrawer } from './additional-notes-drawer';
import { CareConfirmationStep } from './care-confirmation-step';
import { MultiOutcomeDrawer } from './multi-outcome-drawer';
import { ObservationsDrawer } from './observations-drawer';
import { EmergencyReasonDrawer, WasFallDrawer } from './outcome-choice-drawers';

// biome-ignore lint/suspicious/noExplicitAny: each drawer declares its own props; the registry is keyed by type
type AnyDrawer = ComponentType<any & { drawer: DrawerControls }>;
const asDrawer = (component: AnyDrawer) => component as NonNullable<DrawerRegistry['add-task-note']>;

/** The alert and care drawers (alerts doc section 2, drawers 1-7). */
export const careDrawers: DrawerRegistry = {
  'add-task-note': asDrawer(AddNoteDrawer),
  'care-confirmation': asDrawer(CareConfirmationStep),
  'multi-outcome-resolution': asDrawer(MultiOutcomeDrawer),
  'add-observations': asDrawer(ObservationsDrawer),
  'resolve-task': asDrawer(AdditionalNotesDrawer),
  'select-was-fall': asDrawer(WasFallDrawer),
  'select-emergency-reason': asDrawer(EmergencyReasonDrawer),
};

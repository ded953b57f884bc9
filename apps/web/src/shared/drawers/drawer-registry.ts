import type { ComponentType } from 'react';
import type { DrawerPropsMap, DrawerType } from './drawer-types';

/** What a drawer component can do with the drawer (or workflow) it is shown in. */
export interface DrawerControls {
  id: string;
  /**
   * Moves to the next workflow step (handing `data` on to the later steps), or finishes the drawer. With
   * `seal`, this step is done for good: `back` from later steps passes over it.
   */
  next: (data?: Record<string, unknown>, options?: { seal?: boolean }) => void;
  /** Returns to the previous workflow step not sealed, or dismisses the drawer when there is none. */
  back: () => void;
  /** Dismisses the drawer (the whole workflow). */
  close: () => void;
  /** True on every workflow step but the first. */
  canGoBack: boolean;
  stepIndex: number;
  stepCount: number;
  /** Results of the earlier workflow steps. */
  data: Readonly<Record<string, unknown>>;
}

export type DrawerComponentProps<T extends DrawerType> = DrawerPropsMap[T] & { drawer: DrawerControls };

export type DrawerComponent<T extends DrawerType> = ComponentType<DrawerComponentProps<T>>;

/** Components by drawer type. A type left out is unsupported: opening it is logged and dismissed. */
export type DrawerRegistry = { [T in DrawerType]?: DrawerComponent<T> };

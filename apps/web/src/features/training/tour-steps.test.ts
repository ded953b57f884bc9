import { CATALOGUES } from '@sage/i18n/catalogue';
import { describe, expect, it } from 'vitest';
import { hasCompletionControls, LAST_TOUR_STEP, reachedTourStep, TOUR_STEPS } from './tour-steps';

const at = (
  path: string,
  status: Parameters<typeof reachedTourStep>[0]['status'],
  drawerType: string | null = null,
) => TOUR_STEPS[reachedTourStep({ path, taskId: 'training-alert-1', status, drawerType })]?.id;

describe('the seven tour steps (alerts doc section 2, training walkthrough)', () => {
  it("are the spec's seven, in its order", () => {
    expect(TOUR_STEPS.map((s) => s.id)).toEqual([
      'alert-page',
      'claim',
      'alert-detail',
      'multi-outcome',
      'observations',
      'add-note',
      'congratulations',
    ]);
    expect(LAST_TOUR_STEP).toBe(6);
    expect(CATALOGUES.en.training[TOUR_STEPS[3].content]).toContain('Bathing and Toileting');
  });

  it.each([
    ['/alerts', 'OPEN_UNCLAIMED', null, 'alert-page'],
    ['/alerts/alert/training-alert-1', 'OPEN_UNCLAIMED', null, 'claim'],
    ['/alerts/alert/other', 'OPEN_UNCLAIMED', null, 'alert-page'],
    ['/alerts/alert/training-alert-1', 'OPEN_CLAIMED', null, 'alert-detail'],
    ['/alerts/alert/training-alert-1', 'OPEN_CONFIRMING', 'care-confirmation', 'alert-detail'],
    ['/alerts/alert/training-alert-1', 'OPEN_CONFIRMED', 'multi-outcome-resolution', 'multi-outcome'],
    ['/alerts/alert/training-alert-1', 'OPEN_CONFIRMED', 'add-observations', 'observations'],
    ['/alerts/alert/training-alert-1', 'OPEN_CONFIRMED', 'resolve-task', 'add-note'],
    ['/dashboard', 'CLOSED_RESOLVED', null, 'congratulations'],
  ] as const)('%s, %s, drawer %s: %s', (path, status, drawer, step) => {
    expect(at(path, status, drawer)).toBe(step);
  });

  it('only the congratulations carry Complete and Retry', () => {
    expect(TOUR_STEPS.map((_, i) => hasCompletionControls(i))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });
});

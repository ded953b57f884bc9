import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The smallest touch target on the 360 px phone (developers' standards: at least 44 x 44 px). */
export const MIN_TARGET_PX = 44;

/** axe rules that say a control has no accessible name: failed at any impact. */
const NAME_RULES = new Set([
  'button-name',
  'link-name',
  'input-button-name',
  'label',
  'select-name',
  'aria-command-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-progressbar-name',
  'aria-dialog-name',
  'frame-title',
  'image-alt',
  'svg-img-alt',
]);

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Visible interactive elements whose touch target is under 44 x 44 px. A checkbox, radio or switch is
 * tapped on its label too: its target is the box around the input and its labels.
 */
export function smallTouchTargets(page: Page, min = MIN_TARGET_PX): Promise<SmallTarget[]> {
  return page.evaluate((minimum) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    const small: { what: string; width: number; height: number }[] = [];
    for (const el of document.querySelectorAll(selector)) {
      // A native input drawn invisibly over its visible control (Mantine's switch, the code boxes) counts
      // with the control it sits in.
      if (!visible(el) && !(el instanceof HTMLInputElement && el.labels?.length)) continue;
      if ((el as HTMLButtonElement).disabled && el.closest('[aria-hidden="true"]')) continue;
      const rects = [el.getBoundingClientRect()];
      if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)) {
        for (const label of el.labels ?? []) if (visible(label)) rects.push(label.getBoundingClientRect());
      }
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      const top = Math.min(...rects.map((r) => r.top));
      const bottom = Math.max(...rects.map((r) => r.bottom));
      const width = Math.round((right - left) * 10) / 10;
      const height = Math.round((bottom - top) * 10) / 10;
      if (width === 0 && height === 0) continue;
      if (width + 0.5 < minimum || height + 0.5 < minimum) {
        const name =
          el.getAttribute('aria-label') ??
          (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null) ??
          el.textContent ??
          '';
        const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
        small.push({
          what: `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${name.trim().slice(0, 40)}"`,
          width,
          height,
        });
      }
    }
    return small;
  }, min);
}

/** Counts the checks in this worker, so each one's quiet is measured from its own start. */
let scans = 0;

/**
 * One screen checked: no serious or critical axe violation, no control without an accessible name, no touch
 * target under 44 x 44 px. The findings are reported together, named after the screen.
 */
export async function expectAccessibleScreen(
  page: Page,
  screen: string,
  options: {
    /**
     * 'assert' (the default): a target under 44 x 44 px fails the check. 'report': they are returned for the
     * caller to list (the scan of every route, whose screens outside the alert flow are not all there yet).
     */
    touchTargets?: 'assert' | 'report';
  } = {},
): Promise<SmallTarget[]> {
  // Drawers and toasts slide in (CSS transitions, 250 ms): checked once they have come to rest. A drawer's
  // transition starts two animation frames after it mounts (Mantine's Transition: pre-entering at opacity 0,
  // then entering), so quiet is counted in rendered frames as well as in time: on a busy machine frames come
  // late while timers still run, and a quiet 400 ms without frames once let axe measure a drawer half faded in.
  // Quiet is counted from this call on (`scan`): the page lives on between screens, and a quiet time left from
  // the previous screen's check let a drawer caught between mount and its transition's start pass at once, so
  // axe measured it mid-slide (the resident details drawer's badges at opacity 0.6).
  scans += 1;
  await page.waitForFunction(
    (scan) => {
      const w = window as unknown as {
        __frames?: number;
        __quietSince?: number;
        __quietFrame?: number;
        __quietScan?: number;
      };
      if (w.__quietScan !== scan) {
        w.__quietScan = scan;
        w.__quietSince = undefined;
        w.__quietFrame = undefined;
      }
      if (w.__frames === undefined) {
        w.__frames = 0;
        const tick = () => {
          w.__frames = (w.__frames ?? 0) + 1;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }
      const moving = document
        .getAnimations()
        .some((a) => a instanceof CSSTransition && (a.playState === 'running' || a.pending));
      const now = performance.now();
      if (moving) {
        w.__quietSince = undefined;
        w.__quietFrame = undefined;
        return false;
      }
      w.__quietSince ??= now;
      w.__quietFrame ??= w.__frames;
      return now - w.__quietSince > 400 && w.__frames - w.__quietFrame >= 6;
    },
    scans,
    { polling: 50 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || NAME_RULES.has(v.id))
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`),
    }));
  const small = await smallTouchTargets(page);
  expect.soft(violations, `${screen}: serious or critical accessibility violations`).toEqual([]);
  if (options.touchTargets !== 'report') {
    expect.soft(small, `${screen}: touch targets under 44 x 44 px`).toEqual([]);
  }
  return small;
}

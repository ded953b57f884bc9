import { test } from '@playwright/test';
import { expectAccessibleScreen } from './scan';

/**
 * The scan itself: it must not measure a screen that is still fading in. Mantine's drawers start their
 * transition two animation frames after they mount, and one check of a page follows another on the same page;
 * a quiet time left from the check before once let axe measure a drawer mid-slide (low contrast at opacity 0.6).
 */
test('[A11Y][SCAN]: a check waits for a transition that starts two frames after it begins, even right after another check', async ({
  page,
}) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Scan</title></head><body><main><h1>Scan</h1></main></body></html>',
  );
  await expectAccessibleScreen(page, 'before');
  // Faint text that comes to full contrast over 1.5 s, its transition started as Mantine starts a drawer's.
  await page.evaluate(() => {
    const late = document.createElement('p');
    late.textContent = 'Text that fades in';
    late.style.color = '#000';
    late.style.opacity = '0.2';
    late.style.transition = 'opacity 1500ms linear';
    document.querySelector('main')?.append(late);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        late.style.opacity = '1';
      }),
    );
  });
  await expectAccessibleScreen(page, 'after the fade');
});

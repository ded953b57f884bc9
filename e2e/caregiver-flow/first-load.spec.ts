import zlib from 'node:zlib';
import { expect, PHONE, test } from './fixtures';

test.use(PHONE);

/** Issue 18's goal for a first load's JavaScript, gzipped at level 9 (apps/web/scripts/first-load.mjs). */
const FIRST_LOAD_GOAL_BYTES = 170_000;

test('[CAREGIVER-FLOW][FIRST-LOAD]: a signed-in reload of the dashboard shows its alerts with < 170 kB of JavaScript, zod not fetched', async ({
  emilyPage: page,
}) => {
  // Every script the browser fetches, with its size gzipped as the build's copies are (decision 0380).
  const scripts = new Map<string, number>();
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    reading.push(
      response.body().then((body) => {
        scripts.set(url.pathname, zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }).length);
      }),
    );
  });

  await page.goto('/dashboard');
  // The page with its data: the lists are read (the replies checked), the live socket has had its frames.
  await expect(
    page.getByRole('list', { name: 'Open alerts in my care zones' }).getByRole('listitem').first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(reading);

  const files = [...scripts.keys()];
  // The replies are read by the shapes made from the contract at build time (decision 0471): a shape that
  // refused a well-formed reply would fetch zod and the contract's schemas to decide.
  expect(files.filter((file) => /\/assets\/(zod|reply-schemas)-[\w-]+\.js$/.test(file))).toEqual([]);
  expect(files.some((file) => /\/reply-checks-[\w-]+\.js$/.test(file))).toBe(true);
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  test
    .info()
    .annotations.push({ type: 'first load', description: `${files.length} files, ${total} bytes gzipped` });
  expect(total, files.join('\n')).toBeLessThan(FIRST_LOAD_GOAL_BYTES);
});

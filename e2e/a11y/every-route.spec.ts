import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { AdminMessages } from '@sage/contract';
import { ingestUrl, sharedSession, type Tokens, useSession } from '../alerts/fixtures';
import { SCREENS_COMMUNITY } from '../stack/facts';
import { routePattern, routerPaths } from './route-table';
import { expectAccessibleScreen } from './scan';

/**
 * Issue #32: every route of the router (read from its route table, apps/web/src/app/router.tsx) opened as the
 * role that reaches it, on the 360 px phone with touch, in Linden Park: no serious or critical axe violation,
 * every control named, every touch target 44 x 44 px. A screen added to the router without a line in `REACH`
 * fails the first test, so no screen goes unscanned.
 */
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true } as const;

type Role = 'signedOut' | 'manager' | 'caregiver' | 'nurse' | 'station';

interface Reach {
  as: Role;
  /** The address to open, or how to find it (a link on another screen, the pairing of a display). */
  open: string | { linkOn: string; as?: Role } | 'pair a station display';
  /** What the screen is called in the findings. */
  name?: string;
}

/** How each route of the router is reached, and by whom (several lines: the screen as each of them sees it). */
const REACH: Record<string, Reach[]> = {
  '/authenticate': [{ as: 'signedOut', open: '/authenticate' }],
  '/station': [{ as: 'station', open: 'pair a station display' }],
  '/auth_confirmed': [{ as: 'signedOut', open: '/auth_confirmed' }],
  '/profile/shift': [{ as: 'caregiver', open: '/profile/shift' }],
  '/dashboard': [
    { as: 'caregiver', open: '/dashboard' },
    { as: 'nurse', open: '/dashboard' },
    { as: 'manager', open: '/dashboard' },
  ],
  '/alerts': [{ as: 'caregiver', open: '/alerts' }],
  '/alerts/alert/:taskId': [{ as: 'caregiver', open: { linkOn: '/alerts' } }],
  '/residents/resident/:id': [{ as: 'caregiver', open: { linkOn: '/manage/residents', as: 'manager' } }],
  '/devices/allocation/:id': [{ as: 'manager', open: { linkOn: '/manage/devices' } }],
  '/team': [
    { as: 'caregiver', open: '/team' },
    { as: 'manager', open: '/team' },
  ],
  '/team/member/:id': [{ as: 'manager', open: { linkOn: '/team' } }],
  '/admin/staff': [{ as: 'manager', open: '/admin/staff' }],
  '/admin/staff/new': [{ as: 'manager', open: '/admin/staff/new' }],
  '/admin/staff/:id': [{ as: 'manager', open: { linkOn: '/admin/staff' } }],
  '/admin/groups': [{ as: 'manager', open: '/admin/groups' }],
  '/settings/notifications': [{ as: 'manager', open: '/settings/notifications' }],
  '/admin/company-phones': [{ as: 'manager', open: '/admin/company-phones' }],
  '/admin/features': [{ as: 'manager', open: '/admin/features' }],
  '/admin/facilities': [{ as: 'manager', open: '/admin/facilities' }],
  '/manage': [{ as: 'manager', open: '/manage' }],
  '/manage/residents': [{ as: 'manager', open: '/manage/residents' }],
  '/manage/residents/:id': [
    { as: 'manager', open: { linkOn: '/manage/residents' } },
    { as: 'manager', open: '/manage/residents/new', name: '/manage/residents/new' },
  ],
  '/manage/units': [{ as: 'manager', open: '/manage/units' }],
  '/manage/units/:id': [
    { as: 'manager', open: { linkOn: '/manage/units' } },
    { as: 'manager', open: '/manage/units/new', name: '/manage/units/new' },
  ],
  '/manage/station-displays': [{ as: 'manager', open: '/manage/station-displays' }],
  '/manage/care-zones': [{ as: 'manager', open: '/manage/care-zones' }],
  '/manage/care-zones/:id': [
    { as: 'manager', open: { linkOn: '/manage/care-zones' } },
    { as: 'manager', open: '/manage/care-zones/new', name: '/manage/care-zones/new' },
  ],
  '/manage/ehr-locked-fields': [{ as: 'manager', open: '/manage/ehr-locked-fields' }],
  '/check-ins': [{ as: 'caregiver', open: '/check-ins' }],
  '/manage/routine-checks': [{ as: 'manager', open: '/manage/routine-checks' }],
  '/tasks': [
    { as: 'nurse', open: '/tasks' },
    { as: 'manager', open: '/tasks' },
  ],
  '/tasks/add': [{ as: 'nurse', open: '/tasks/add' }],
  '/tasks/schedules': [{ as: 'manager', open: '/tasks/schedules' }],
  '/manage/devices': [{ as: 'manager', open: '/manage/devices' }],
  '/manage/devices/:id': [{ as: 'manager', open: { linkOn: '/manage/devices' } }],
  '/manage/doors': [{ as: 'manager', open: '/manage/doors' }],
  '/manage/device-qa': [{ as: 'manager', open: '/manage/device-qa' }],
  '/manage/response-times': [{ as: 'manager', open: '/manage/response-times' }],
  '/insights': [
    { as: 'caregiver', open: '/insights' },
    { as: 'manager', open: '/insights' },
  ],
  '/manage/reports': [{ as: 'manager', open: '/manage/reports' }],
};

const PHONES: Record<Exclude<Role, 'signedOut' | 'station'>, string> = {
  manager: SCREENS_COMMUNITY.managerPhone,
  caregiver: SCREENS_COMMUNITY.caregiverPhone,
  nurse: SCREENS_COMMUNITY.nursePhone,
};

test('[A11Y][ROUTES]: every route of the router says how it is reached and by whom', () => {
  const routes = routerPaths();
  // The route table as read: the screens this issue knows of are there (the reading works).
  expect(routes).toEqual(expect.arrayContaining(['/dashboard', '/manage/devices', '/alerts/alert/:taskId']));
  expect(
    routes.filter((r) => !REACH[r]),
    'routes of the router the scan does not open',
  ).toEqual([]);
  expect(
    Object.keys(REACH).filter((r) => !routes.includes(r)),
    'scan lines for routes that are gone',
  ).toEqual([]);
});

test.describe('[A11Y][EVERY-ROUTE]', () => {
  test.describe.configure({ mode: 'parallel' });
  const sessions = new Map<Role, Tokens>();

  test.beforeAll(async ({ playwright }, testInfo) => {
    test.setTimeout(240_000);
    const { baseURL } = testInfo.project.use;
    const request = await playwright.request.newContext({ baseURL });
    for (const [role, phone] of Object.entries(PHONES) as [Role, string][]) {
      sessions.set(role, await sharedSession(request, baseURL, `screens-${role}`, phone));
    }
    // An open alert for the alert page (its resident's pendant in Assisted Living, the caregiver's zone).
    await pressForAnAlert(request);
    await request.dispose();
  });

  for (const route of routerPaths()) {
    for (const reach of REACH[route] ?? []) {
      const screen = reach.name ?? route;
      test(`${screen} as the ${reach.as}: no serious or critical violation, every control named (small touch targets listed)`, async ({
        browser,
      }) => {
        test.setTimeout(90_000);
        const context = await browser.newContext(PHONE);
        const page = await context.newPage();
        try {
          const tokens = sessions.get(reach.as);
          if (tokens) await useSession(page, tokens);
          const address = await addressOf(browser, page, route, reach);
          await page.goto(address);
          await expect(page).toHaveURL((url) => routePattern(route).test(url.pathname));
          await settled(page);
          if (reach.as !== 'signedOut' && reach.as !== 'station') {
            // The role reaches the screen itself, not a refusal of it.
            await expect(page.getByText(AdminMessages.managementOnly)).toHaveCount(0);
          }
          // Touch targets under 44 px are listed with the result (the alert flow's walk asserts them there).
          const small = await expectAccessibleScreen(page, `${screen} as the ${reach.as}`, {
            touchTargets: 'report',
          });
          for (const target of small) {
            test.info().annotations.push({
              type: 'touch target under 44 px',
              description: `${target.what} ${target.width} x ${target.height}`,
            });
          }
        } finally {
          await context.close();
        }
      });
    }
  }

  /** The address of a screen: given, a link to it on another screen, or a freshly paired display's link. */
  async function addressOf(browser: Browser, page: Page, route: string, reach: Reach): Promise<string> {
    if (typeof reach.open === 'string' && reach.open !== 'pair a station display') return reach.open;
    if (reach.open === 'pair a station display') return pairStationDisplay(browser);
    const pattern = routePattern(route);
    // Any link on the screen to the route (the same ids open the resident's profile and the device allocation).
    const listRoute = reach.open.linkOn;
    // The list may be another role's screen (a caregiver opens a resident's profile the manager's list links).
    const listContext = reach.open.as && reach.open.as !== reach.as ? await browser.newContext(PHONE) : null;
    const listPage = listContext ? await listContext.newPage() : page;
    if (listContext && reach.open.as) await useSession(listPage, sessions.get(reach.open.as) as Tokens);
    await listPage.goto(listRoute);
    await settled(listPage);
    const sameIdRoute = route
      .replace(/^\/residents\/resident\//, '/manage/residents/')
      .replace(/^\/devices\/allocation\//, '/manage/devices/');
    const linkPattern = routePattern(sameIdRoute);
    let href: string | undefined;
    await expect
      .poll(
        async () => {
          const hrefs = await listPage
            .locator('a[href]')
            .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
          href = hrefs.find((h) => linkPattern.test(h) && !h.endsWith('/new'));
          return href;
        },
        { message: `a link to ${sameIdRoute} on ${listRoute}`, timeout: 15_000 },
      )
      .toBeDefined();
    await listContext?.close();
    const id = (href as string).split('/').pop() as string;
    const address = route.replace(/:[^/]+$/, id);
    expect(address).toMatch(pattern);
    return address;
  }

  /** Pairs a display for Assisted Living through the managers' screen; its link opens the station screen. */
  async function pairStationDisplay(browser: Browser): Promise<string> {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await useSession(page, sessions.get('manager') as Tokens);
      await page.goto('/manage/station-displays');
      await page.getByLabel('Display name').fill(`Scan ${randomUUID().slice(0, 8)}`);
      await page.getByRole('checkbox', { name: 'Assisted Living' }).check();
      await page.getByRole('button', { name: 'Pair a display' }).click();
      const link = (await page.getByTestId('station-link').textContent())?.trim() ?? '';
      expect(link).toMatch(/\/station#key=/);
      return new URL(link).pathname + new URL(link).hash;
    } finally {
      await context.close();
    }
  }
});

/** A press of Linden Park's assisted-living pendant: an open alert for the caregiver's alert screens. */
async function pressForAnAlert(request: APIRequestContext): Promise<void> {
  const response = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': SCREENS_COMMUNITY.gatewayKey },
    data: {
      eventId: randomUUID(),
      hardwareId: SCREENS_COMMUNITY.pendant,
      type: 'BUTTON_PRESS',
      timestamp: new Date().toISOString(),
    },
  });
  expect(response.status()).toBe(202);
}

/** The screen has loaded: no request in flight, no loader showing, a heading or the sign-in form. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByLabel('Loading', { exact: true })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('Verifying your information')).toHaveCount(0, { timeout: 15_000 });
}

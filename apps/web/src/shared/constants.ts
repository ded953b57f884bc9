/**
 * Constants of the web app. The spec's shared values come from @sage/contract and are re-exported here;
 * the rest are the web app's own (product name, help center, routes, touch target).
 */
export { APP_VERSION, DRAWER_ENTER_MS, DRAWER_EXIT_MS, LOADING_RELOAD_OFFER_MS } from '@sage/contract';

/** Product name shown in headlines ('Welcome to', 'Enable Cookies to Use'). */
export const PRODUCT_NAME = 'Sage Care';

/** Help center opened by the error fallback's Get Help button (in a new tab). */
export const HELP_CENTER_URL = 'https://help.sagecare.app';

/** Route a signed-in visitor lands on, and where back goes when there is no in-app history. */
export const DEFAULT_ROUTE = '/dashboard';
/**
 * The history state of the dashboard reached from the post-login landing: the landing asked its questions one at
 * a time, so the dashboard opens no sheet of its own on that arrival (decision 0601).
 */
export const LANDED_STATE = 'landed';
/** Login page route. */
export const AUTHENTICATE_ROUTE = '/authenticate';

/** Minimum touch target (px) for buttons and icon buttons. */
export const MIN_TOUCH_TARGET_PX = 48;

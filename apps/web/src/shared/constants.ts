/**
 * Client-side constants of the spec (signin-staff-admin.md section 9, alerts-care-insights.md section 9).
 *
 * Defined locally because @sage/contract does not (yet) export them. When the contract grows
 * equivalents, re-export them from here so the rest of the app keeps importing this module.
 */

/** Product name shown in headlines ('Welcome to', 'Enable Cookies to Use'). */
export const PRODUCT_NAME = 'Sage Care';

/** App version displayed on the loading screen. */
export const APP_VERSION = 'v9.2.8';

/** Help center opened by the error fallback's Get Help button (in a new tab). */
export const HELP_CENTER_URL = 'https://help.sagecare.app';

/** The loading screen offers a reload after this delay. */
export const LOADING_RELOAD_OFFER_MS = 5_000;

/** Drawer (bottom sheet) enter animation. */
export const DRAWER_ENTER_MS = 250;
/** Drawer (bottom sheet) exit animation. */
export const DRAWER_EXIT_MS = 150;

/** Route a signed-in visitor lands on, and where back goes when there is no in-app history. */
export const DEFAULT_ROUTE = '/dashboard';
/** Login page route. */
export const AUTHENTICATE_ROUTE = '/authenticate';

/** Minimum touch target (px) for buttons and icon buttons. */
export const MIN_TOUCH_TARGET_PX = 48;

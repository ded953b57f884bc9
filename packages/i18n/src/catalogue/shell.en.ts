/**
 * The app's shell screens (issue #33): the loading screen every start shows, the error fallback and the cookie
 * screen. They must show with nothing loaded, so the web app bundles both languages of this namespace with its
 * first chunk (apps/web/src/features/shell/shell-messages.ts). English is the contract's.
 */
import { CookieBlockedMessages, ErrorFallbackMessages, LoadingScreenMessages } from '@sage/contract';

export const shell = {
  verifying: LoadingScreenMessages.verifying,
  stuck: LoadingScreenMessages.stuck,
  errorHeadline: ErrorFallbackMessages.headline,
  errorText: ErrorFallbackMessages.text,
  reload: ErrorFallbackMessages.reload,
  getHelp: ErrorFallbackMessages.getHelp,
  cookieHeadline: CookieBlockedMessages.headline('{product}'),
  cookieExplanation: CookieBlockedMessages.explanation,
  yourBrowser: 'Your browser: {browser}',
  howToEnableCookies: 'How to enable cookies',
} as const;

/**
 * The app's shell screens (issue #33): the loading screen every start shows, the error fallback and the cookie
 * screen. They show with almost nothing loaded: the web app bundles English with its first chunk and asks for another
 * language's at start (apps/web/src/features/shell/shell-messages.ts, decision 0830). English is the contract's.
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

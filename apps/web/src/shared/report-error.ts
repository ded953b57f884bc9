import {
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_PATH_MAX,
  CLIENT_ERROR_STACK_MAX,
  CLIENT_ERRORS_PATH,
  ClientErrorSource,
  PROFILE_HEADER,
  type TClientErrorReport,
} from '@sage/contract';
import { sessionStore } from './session';

/**
 * Errors of the web app go to the server log (issue #15; docs/decisions/0374), with the session and without
 * PHI: the error's name, message and stack (cut to the contract's limits, query strings taken out of the
 * stack's addresses), the route's path without query string or hash, never page text or the context. At most
 * MAX_REPORTS_PER_PAGE per page load and each distinct error once; the console still gets everything.
 */
const MAX_REPORTS_PER_PAGE = 10;
let sent = 0;
const seen = new Set<string>();

type Auth = () => Record<string, string> | null;
const staffAuth: Auth = () => {
  const session = sessionStore.get();
  return session
    ? { authorization: `Bearer ${session.accessToken}`, [PROFILE_HEADER]: session.staffMemberId }
    : null;
};
let authOf: Auth = staffAuth;

/** A station display reports with its own token (decision 0370); `null` puts the staff session back. */
export function setErrorReportAuth(auth: Auth | null): void {
  authOf = auth ?? staffAuth;
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
/** Drops query strings and hashes from the addresses in a stack (they may hold what a page showed). */
const withoutQueries = (stack: string) => stack.replace(/[?#][^\s):]*/g, '');
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const CONTROL = /(?![\t\n\r])[\u0000-\u001f\u007f-\u009f]/g;
const clean = (text: string) => text.replace(CONTROL, '').replace(/\p{Surrogate}/gu, '');

/** The report the contract accepts, from whatever was thrown. Exported for its tests. */
export function toClientErrorReport(
  error: unknown,
  source: TClientErrorReport['source'],
  path: string,
): TClientErrorReport {
  const isError = error instanceof Error;
  const message = isError ? error.message : typeof error === 'string' ? error : 'Non-error value thrown';
  return {
    source,
    ...(isError && error.name ? { name: cut(clean(error.name), 100) } : {}),
    message: cut(clean(message || '(no message)'), CLIENT_ERROR_MESSAGE_MAX),
    ...(isError && error.stack
      ? { stack: cut(clean(withoutQueries(error.stack)), CLIENT_ERROR_STACK_MAX) }
      : {}),
    path: cut(clean(path.split(/[?#]/)[0] || '/'), CLIENT_ERROR_PATH_MAX),
  };
}

function send(error: unknown, source: TClientErrorReport['source']): void {
  if (typeof window === 'undefined' || typeof fetch === 'undefined') return;
  if (sent >= MAX_REPORTS_PER_PAGE) return;
  const report = toClientErrorReport(error, source, window.location.pathname);
  const key = `${report.source}:${report.message}`;
  if (seen.has(key)) return;
  seen.add(key);
  sent += 1;
  fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authOf() ?? {}) },
    body: JSON.stringify(report),
    keepalive: true,
  })
    // The reply read to its end: an unread body holds its connection, and DevTools never sees the request end.
    .then((response) => response.arrayBuffer())
    .catch(() => {
      // Nowhere left to report to: the console has it.
    });
}

/**
 * Reports an error: to the console with its context, and to the server without the context (it may hold what
 * the screen showed). `context.source` 'router' or 'boundary' marks a render error caught by React.
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error('[sage]', error, ...(context ? [context] : []));
  const boundary = context?.source === 'router' || context?.source === 'boundary';
  send(error, boundary ? ClientErrorSource.ERROR_BOUNDARY : ClientErrorSource.REPORTED);
}

let installed = false;
/** Window errors and unhandled promise rejections, reported once installed (main.tsx). */
export function installErrorReporting(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (event) => {
    send(event.error ?? event.message, ClientErrorSource.WINDOW_ERROR);
  });
  window.addEventListener('unhandledrejection', (event) => {
    send(event.reason, ClientErrorSource.UNHANDLED_REJECTION);
  });
}

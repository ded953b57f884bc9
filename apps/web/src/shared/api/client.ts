/**
 * Fetch wrapper for every service API (signin-staff-admin.md section 7 'General', ARCHITECTURE.md).
 *
 * - `Authorization: Bearer <token>` (the word Bearer is added when missing) and `x-sage-profile-rid: <staffMemberId>`.
 * - Array query values repeat the key (`?a=1&a=2`).
 * - Each service's time-out, through an AbortController.
 * - Failures throw an `ApiError` parsed from the server's JSON error body.
 * - A 401 calls `onUnauthorized` (the app clears the session and goes to the login page), but only when the
 *   request carried the session that is still the current one: a 401 to a request sent without a session, or
 *   with one that has since ended (signed out, e.g. a request still in flight when the person taps Log Out)
 *   or been replaced, says nothing about the session in use.
 */

import {
  ADMIN_HEAVY_TIMEOUT_MS,
  BEARER_PREFIX,
  PROFILE_HEADER,
  SERVICE_BASE_PATHS,
  SERVICE_TIMEOUTS_MS,
  type Service,
} from '@sage/contract';

/** Service names, base paths and time-outs come from the contract (section 7 'General', section 9). */
export type ServiceName = Service;
export { SERVICE_BASE_PATHS, SERVICE_TIMEOUTS_MS };

/** Admin calls that get 60 s: staff create and update, group membership update, staff removal from facilities. */
const HEAVY_ADMIN_CALLS: ReadonlyArray<{ method: HttpMethod; path: RegExp }> = [
  { method: 'POST', path: /^\/staff$/ },
  { method: 'PUT', path: /^\/staff\/[^/]+$/ },
  { method: 'PUT', path: /^\/groups\/[^/]+\/membership$/ },
  { method: 'DELETE', path: /^\/staff\/[^/]+\/facilities$/ },
];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function timeoutFor(service: ServiceName, method: HttpMethod, path: string): number {
  if (service === 'admin') {
    const bare = path.split('?')[0] ?? path;
    if (HEAVY_ADMIN_CALLS.some((call) => call.method === method && call.path.test(bare))) {
      return ADMIN_HEAVY_TIMEOUT_MS;
    }
  }
  return SERVICE_TIMEOUTS_MS[service];
}

// ---------------------------------------------------------------------------------------------------------
// Query strings

export type QueryScalar = string | number | boolean | Date;
export type QueryValue = QueryScalar | null | undefined | ReadonlyArray<QueryScalar | null | undefined>;
export type QueryParams = Record<string, QueryValue>;

function scalarToString(value: QueryScalar): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** `{ a: [1, 2], b: 'x', c: undefined }` becomes `a=1&a=2&b=x` (no leading '?'; null and undefined are left out). */
export function serializeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const values: ReadonlyArray<QueryScalar | null | undefined> = Array.isArray(value)
      ? value
      : [value as QueryScalar];
    for (const item of values) {
      if (item === null || item === undefined) continue;
      search.append(key, scalarToString(item));
    }
  }
  return search.toString();
}

// ---------------------------------------------------------------------------------------------------------
// Headers

export interface ClientSession {
  accessToken: string;
  staffMemberId: string;
}

export { PROFILE_HEADER };

/** `abc` and `Bearer abc` both become `Bearer abc`. */
export function bearer(token: string): string {
  const trimmed = token.trim();
  return `${BEARER_PREFIX}${trimmed.replace(/^bearer\s+/i, '')}`;
}

export function authHeaders(session: ClientSession | null): Record<string, string> {
  if (!session) return {};
  const headers: Record<string, string> = {};
  if (session.accessToken) headers.Authorization = bearer(session.accessToken);
  if (session.staffMemberId) headers[PROFILE_HEADER] = session.staffMemberId;
  return headers;
}

// ---------------------------------------------------------------------------------------------------------
// Errors

export interface ApiIssue {
  field: string;
  rule: string;
  message: string;
}

/** Codes the client itself gives to failures that have no server reply. */
export const CLIENT_ERROR_CODES = {
  timeout: 'request_timeout',
  network: 'network_error',
  aborted: 'request_aborted',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no reply arrived (time-out, network failure, abort). */
  readonly status: number;
  readonly code?: string;
  readonly issues?: ApiIssue[];
  /** With a 429: seconds until the request may be made again (the reply's retryAfterSeconds or Retry-After). */
  readonly retryAfterSeconds?: number;
  /**
   * The message as the server (or this client) wrote it, in English; `message` is the one to show, in the
   * reader's language (decision 0730). Code that tells failures apart by their text reads this one.
   */
  readonly serverMessage: string;

  constructor(init: {
    status: number;
    message: string;
    code?: string;
    issues?: ApiIssue[];
    retryAfterSeconds?: number;
    serverMessage?: string;
  }) {
    super(init.message);
    this.serverMessage = init.serverMessage ?? init.message;
    this.status = init.status;
    if (init.code !== undefined) this.code = init.code;
    if (init.issues !== undefined) this.issues = init.issues;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseIssues(value: unknown): ApiIssue[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isRecord).map((issue) => ({
    field: String(issue.field ?? ''),
    rule: String(issue.rule ?? ''),
    message: String(issue.message ?? ''),
  }));
}

/** Builds an ApiError from the server's `{ statusCode, error, message, code?, issues? }` body (or anything else). */
export function toApiError(
  status: number,
  statusText: string,
  body: unknown,
  retryAfterHeader?: string | null,
): ApiError {
  const fallback = statusText || `Request failed with status ${status}`;
  const retryAfterSeconds = readRetryAfter(
    isRecord(body) ? body.retryAfterSeconds : undefined,
    retryAfterHeader,
  );
  const retry = retryAfterSeconds !== undefined ? { retryAfterSeconds } : {};
  if (!isRecord(body)) {
    return new ApiError({ status, message: typeof body === 'string' && body ? body : fallback, ...retry });
  }
  const message =
    typeof body.message === 'string' && body.message
      ? body.message
      : typeof body.error === 'string' && body.error
        ? body.error
        : fallback;
  const code = typeof body.code === 'string' ? body.code : undefined;
  const issues = parseIssues(body.issues);
  return new ApiError({
    status: typeof body.statusCode === 'number' ? body.statusCode : status,
    message,
    ...(code !== undefined ? { code } : {}),
    ...(issues !== undefined ? { issues } : {}),
    ...retry,
  });
}

/** Whole seconds to wait: the body's field first, else a Retry-After header given in seconds. */
function readRetryAfter(field: unknown, header: string | null | undefined): number | undefined {
  if (typeof field === 'number' && Number.isFinite(field) && field >= 0) return Math.ceil(field);
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim());
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Client

export type RequestBody = unknown;

export interface ApiRequest<T = unknown> {
  service: ServiceName;
  method?: HttpMethod;
  /** Path below the service base, e.g. `/staff/abc`. */
  path: string;
  query?: QueryParams;
  /** Sent as JSON, except Blob / ArrayBuffer / typed arrays, which go as application/octet-stream. */
  body?: RequestBody;
  headers?: Record<string, string>;
  /** Overrides the service time-out. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Validates / narrows the reply (for example a zod schema's `parse`); may be asynchronous, for a schema that
   * loads with the first call (`lazyParse`, docs/decisions/0446).
   */
  parse?: (data: unknown) => T | Promise<T>;
}

export interface ApiClientOptions {
  fetch: typeof fetch;
  getSession: () => ClientSession | null;
  /** Called on a 401 from any service but sign-in (whose 401s are wrong codes, not lost sessions). */
  onUnauthorized?: (error: ApiError) => void;
  /** Prefix for all URLs, e.g. `https://host`; empty for same-origin. */
  baseUrl?: string;
  /** The failure as the reader is to see it (their language: decision 0730); thrown in its place. */
  localizeError?: (error: ApiError) => ApiError | Promise<ApiError>;
}

type ShortcutOptions<T> = Omit<ApiRequest<T>, 'service' | 'method' | 'path' | 'body'>;

export interface ApiClient {
  request<T = unknown>(request: ApiRequest<T>): Promise<T>;
  get<T = unknown>(service: ServiceName, path: string, options?: ShortcutOptions<T>): Promise<T>;
  delete<T = unknown>(
    service: ServiceName,
    path: string,
    options?: ShortcutOptions<T> & { body?: RequestBody },
  ): Promise<T>;
  post<T = unknown>(
    service: ServiceName,
    path: string,
    body?: RequestBody,
    options?: ShortcutOptions<T>,
  ): Promise<T>;
  put<T = unknown>(
    service: ServiceName,
    path: string,
    body?: RequestBody,
    options?: ShortcutOptions<T>,
  ): Promise<T>;
  patch<T = unknown>(
    service: ServiceName,
    path: string,
    body?: RequestBody,
    options?: ShortcutOptions<T>,
  ): Promise<T>;
}

export function buildUrl(service: ServiceName, path: string, query?: QueryParams, baseUrl = ''): string {
  const normalisedPath = path.startsWith('/') ? path : `/${path}`;
  const search = serializeQuery(query);
  return `${baseUrl}${SERVICE_BASE_PATHS[service]}${normalisedPath}${search ? `?${search}` : ''}`;
}

function isBinary(body: unknown): body is Blob | ArrayBuffer | ArrayBufferView {
  return (
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { fetch: fetchImpl, getSession, onUnauthorized, baseUrl = '', localizeError } = options;

  /** Whether `sent` (the session a request carried) is still the session in use. */
  const isCurrentSession = (sent: ClientSession | null): boolean =>
    sent !== null && getSession()?.accessToken === sent.accessToken;

  async function request<T>(req: ApiRequest<T>): Promise<T> {
    if (!localizeError) return send(req);
    try {
      return await send(req);
    } catch (error) {
      throw error instanceof ApiError ? await localizeError(error) : error;
    }
  }

  async function send<T>(req: ApiRequest<T>): Promise<T> {
    const method = req.method ?? 'GET';
    const url = buildUrl(req.service, req.path, req.query, baseUrl);
    const session = getSession();
    const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(session) };

    let body: BodyInit | undefined;
    if (req.body !== undefined) {
      if (isBinary(req.body)) {
        headers['Content-Type'] = 'application/octet-stream';
        body = req.body as BodyInit;
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(req.body);
      }
    }
    Object.assign(headers, req.headers);

    const controller = new AbortController();
    let timedOut = false;
    const timeoutMs = req.timeoutMs ?? timeoutFor(req.service, method, req.path);
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (req.signal?.aborted) controller.abort();
    req.signal?.addEventListener('abort', onCallerAbort, { once: true });

    let response: Response;
    try {
      response = await fetchImpl(url, { method, headers, body, signal: controller.signal });
    } catch (cause) {
      if (timedOut) {
        throw new ApiError({
          status: 0,
          code: CLIENT_ERROR_CODES.timeout,
          message: `The request timed out after ${timeoutMs / 1000} seconds`,
        });
      }
      if (controller.signal.aborted) {
        throw new ApiError({
          status: 0,
          code: CLIENT_ERROR_CODES.aborted,
          message: 'The request was cancelled',
        });
      }
      throw new ApiError({
        status: 0,
        code: CLIENT_ERROR_CODES.network,
        message: cause instanceof Error ? cause.message : 'Network error',
      });
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }

    const data = await readBody(response);
    if (!response.ok) {
      const error = toApiError(
        response.status,
        response.statusText,
        data,
        response.headers.get('retry-after'),
      );
      if (response.status === 401 && req.service !== 'signIn' && isCurrentSession(session)) {
        onUnauthorized?.(error);
      }
      throw error;
    }
    return req.parse ? await req.parse(data) : (data as T);
  }

  return {
    request,
    get: (service, path, opts) => request({ ...opts, service, path, method: 'GET' }),
    delete: (service, path, opts) => request({ ...opts, service, path, method: 'DELETE' }),
    post: (service, path, body, opts) => request({ ...opts, service, path, body, method: 'POST' }),
    put: (service, path, body, opts) => request({ ...opts, service, path, body, method: 'PUT' }),
    patch: (service, path, body, opts) => request({ ...opts, service, path, body, method: 'PATCH' }),
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  authHeaders,
  bearer,
  CLIENT_ERROR_CODES,
  type ClientSession,
  createApiClient,
  serializeQuery,
  timeoutFor,
} from './client';

interface Call {
  url: string;
  init: RequestInit;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function setup(options: { session?: ClientSession | null; reply?: () => Response | Promise<Response> } = {}) {
  const calls: Call[] = [];
  const onUnauthorized = vi.fn();
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return options.reply ? options.reply() : jsonResponse(200, { ok: true });
  });
  const session =
    options.session === undefined ? { accessToken: 'tok', staffMemberId: 'sm-1' } : options.session;
  const client = createApiClient({
    fetch: fetchImpl as unknown as typeof fetch,
    getSession: () => session,
    onUnauthorized,
  });
  return { client, calls, onUnauthorized, fetchImpl };
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('serializeQuery', () => {
  it('repeats the key for array values', () => {
    expect(serializeQuery({ residentRids: ['a', 'b'] })).toBe('residentRids=a&residentRids=b');
  });

  it('leaves out null and undefined, also inside arrays', () => {
    expect(serializeQuery({ a: undefined, b: null, c: ['x', null, undefined, 'y'], d: 'z' })).toBe(
      'c=x&c=y&d=z',
    );
  });

  it('writes numbers, booleans and dates', () => {
    const date = new Date('2024-05-01T10:00:00.000Z');
    expect(serializeQuery({ pageSize: 1000, isArchived: false, createdAfter: date })).toBe(
      'pageSize=1000&isArchived=false&createdAfter=2024-05-01T10%3A00%3A00.000Z',
    );
  });

  it('encodes reserved characters', () => {
    expect(serializeQuery({ phoneNumber: '+14155550100', q: 'a&b' })).toBe(
      'phoneNumber=%2B14155550100&q=a%26b',
    );
  });

  it('is empty for no parameters or an empty array', () => {
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({ ids: [] })).toBe('');
  });
});

describe('headers', () => {
  it('adds the word Bearer when it is missing, and keeps it once when present', () => {
    expect(bearer('abc')).toBe('Bearer abc');
    expect(bearer('Bearer abc')).toBe('Bearer abc');
    expect(bearer('bearer abc')).toBe('Bearer abc');
  });

  it('carries the token and the staff profile id', () => {
    expect(authHeaders({ accessToken: 'abc', staffMemberId: 'sm-9' })).toEqual({
      Authorization: 'Bearer abc',
      'x-sage-profile-rid': 'sm-9',
    });
  });

  it('sends no auth headers when signed out', () => {
    expect(authHeaders(null)).toEqual({});
  });
});

describe('timeoutFor', () => {
  it('applies each service time-out', () => {
    expect(timeoutFor('admin', 'GET', '/staff')).toBe(30_000);
    expect(timeoutFor('insights', 'GET', '/insights')).toBe(10_000);
    expect(timeoutFor('messageOrchestration', 'POST', '/messages')).toBe(10_000);
    expect(timeoutFor('care', 'GET', '/x')).toBe(10_000);
    expect(timeoutFor('gamification', 'GET', '/x')).toBe(10_000);
    expect(timeoutFor('tabularRecord', 'GET', '/x')).toBe(10_000);
    expect(timeoutFor('deviceAudit', 'GET', '/x')).toBe(10_000);
    expect(timeoutFor('locationQuery', 'GET', '/locationQuery/t1')).toBe(30_000);
  });

  it('gives the heavy staff and group calls 60 s', () => {
    expect(timeoutFor('admin', 'POST', '/staff')).toBe(60_000);
    expect(timeoutFor('admin', 'PUT', '/staff/sm-1')).toBe(60_000);
    expect(timeoutFor('admin', 'PUT', '/groups/g-1/membership')).toBe(60_000);
    expect(timeoutFor('admin', 'DELETE', '/staff/sm-1/facilities')).toBe(60_000);
    expect(timeoutFor('admin', 'GET', '/staff/sm-1')).toBe(30_000);
    expect(timeoutFor('admin', 'POST', '/staff/bulk')).toBe(30_000);
  });
});

describe('createApiClient', () => {
  it('builds the URL from the service base, path and repeated-key query', async () => {
    const { client, calls } = setup();
    await client.get('admin', '/staff', {
      query: { facilityId: 'f1', groupId: ['g1', 'g2'], isArchived: undefined },
    });
    expect(calls[0]?.url).toBe('/admin/api/v1/staff?facilityId=f1&groupId=g1&groupId=g2');
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('sends the bearer token and profile header on every call', async () => {
    const { client, calls } = setup({ session: { accessToken: 'Bearer already', staffMemberId: 'sm-7' } });
    await client.post('messageOrchestration', '/messages', { text: 'hi' });
    const headers = headersOf(calls[0]);
    expect(headers.Authorization).toBe('Bearer already');
    expect(headers['x-sage-profile-rid']).toBe('sm-7');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"text":"hi"}');
  });

  it('sends binary bodies as octet-stream', async () => {
    const { client, calls } = setup();
    await client.put('admin', '/media/images/ri.1', new Uint8Array([1, 2, 3]));
    expect(headersOf(calls[0])['Content-Type']).toBe('application/octet-stream');
  });

  it('returns parsed JSON, text, or undefined for 204', async () => {
    const json = setup({ reply: () => jsonResponse(200, { id: 'x' }) });
    await expect(json.client.get('admin', '/configuration')).resolves.toEqual({ id: 'x' });

    const text = setup({ reply: () => new Response('data:image/png;base64,AA', { status: 200 }) });
    await expect(text.client.get('admin', '/media/images/ri.1')).resolves.toBe('data:image/png;base64,AA');

    const empty = setup({ reply: () => new Response(null, { status: 204 }) });
    await expect(empty.client.delete('admin', '/units/u1')).resolves.toBeUndefined();
  });

  it('runs the reply through parse', async () => {
    const { client } = setup({ reply: () => jsonResponse(200, { n: '3' }) });
    const result = await client.get('admin', '/x', { parse: (data) => Number((data as { n: string }).n) });
    expect(result).toBe(3);
  });

  it('throws a typed ApiError from the server error body', async () => {
    const { client } = setup({
      reply: () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'phoneNumber is invalid',
          code: 'validation_failed',
          issues: [{ field: 'phoneNumber', rule: 'format', message: 'Phone number is invalid' }],
        }),
    });
    const error = await client.post('admin', '/staff', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'phoneNumber is invalid',
      issues: [{ field: 'phoneNumber', rule: 'format', message: 'Phone number is invalid' }],
    });
  });

  it('carries the seconds to wait of a 429, from the body or else the Retry-After header', async () => {
    const fromBody = setup({
      reply: () =>
        jsonResponse(429, { statusCode: 429, code: 'RATE_LIMITED', message: 'wait', retryAfterSeconds: 27 }),
    });
    await expect(fromBody.client.post('signIn', '/passwordless/start', {})).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterSeconds: 27,
    });
    const fromHeader = setup({
      reply: () =>
        new Response('', { status: 429, statusText: 'Too Many Requests', headers: { 'retry-after': '12' } }),
    });
    await expect(fromHeader.client.post('signIn', '/passwordless/start', {})).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 12,
    });
  });

  it('falls back to the status text when the error body is not JSON', async () => {
    const { client } = setup({ reply: () => new Response('', { status: 502, statusText: 'Bad Gateway' }) });
    const error = (await client.get('care', '/tasks').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe('Bad Gateway');
    expect(error.code).toBeUndefined();
  });

  it('calls onUnauthorized on a 401, but not for the sign-in service', async () => {
    const reply = () =>
      jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'login required' });
    const app = setup({ reply });
    await expect(app.client.get('admin', '/staff')).rejects.toMatchObject({ status: 401 });
    expect(app.onUnauthorized).toHaveBeenCalledTimes(1);

    const auth = setup({ reply, session: null });
    await expect(auth.client.post('signIn', '/passwordless/verify', { code: '1' })).rejects.toMatchObject({
      status: 401,
    });
    expect(auth.onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not call onUnauthorized for a 401 to a session that has ended or been replaced meanwhile', async () => {
    // A request in flight when the person signs out: the server ends the session at once (decision 0130),
    // so the request is answered 401 after the sign-out; it must not sign them out again with another reason.
    const onUnauthorized = vi.fn();
    let session: ClientSession | null = { accessToken: 'tok', staffMemberId: 'sm-1' };
    let answer: (r: Response) => void = () => {};
    const client = createApiClient({
      fetch: (() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch,
      getSession: () => session,
      onUnauthorized,
    });
    const unauthorized = () =>
      jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'login required' });

    const signedOut = client.get('admin', '/staff');
    session = null;
    answer(unauthorized());
    await expect(signedOut).rejects.toMatchObject({ status: 401 });

    // Sent with no session at all: nothing to sign out of.
    const anonymous = client.get('admin', '/staff');
    answer(unauthorized());
    await expect(anonymous).rejects.toMatchObject({ status: 401 });

    session = { accessToken: 'old', staffMemberId: 'sm-1' };
    const replaced = client.get('admin', '/staff');
    session = { accessToken: 'new', staffMemberId: 'sm-1' };
    answer(unauthorized());
    await expect(replaced).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();

    // The session in use refused: that is a lost session.
    const current = client.get('admin', '/staff');
    answer(unauthorized());
    await expect(current).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('aborts after the service time-out with a request_timeout error', async () => {
    vi.useFakeTimers();
    const calls: AbortSignal[] = [];
    const client = createApiClient({
      getSession: () => null,
      fetch: ((_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init?.signal as AbortSignal;
          calls.push(signal);
          signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        })) as typeof fetch,
    });
    const pending = client.get('insights', '/insights').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(calls[0]?.aborted).toBe(true);
    expect(error.status).toBe(0);
    expect(error.code).toBe(CLIENT_ERROR_CODES.timeout);
  });

  it('reports network failures as network_error', async () => {
    const client = createApiClient({
      getSession: () => null,
      fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
    });
    await expect(client.get('admin', '/staff')).rejects.toMatchObject({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
    });
  });
});

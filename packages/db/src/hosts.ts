import pg from 'pg';

/**
 * Connection strings naming several hosts, as libpq reads them (decision 0520):
 * `postgresql://user@h1:5432,h2:5432/sage?target_session_attrs=read-write`. node-postgres reads one host only,
 * so every pool and client of the product is made here: with one host and no `target_session_attrs` it is a plain
 * `pg` pool or client, exactly as before; otherwise each new connection goes to the host last found to fit, or,
 * when none is known (or that one failed), to the first host in the list's order that fits, found by probing them.
 * A connection that finds itself on a server that no longer fits (a read-only transaction refused after a
 * failover) is closed, never handed out again.
 */

export type TargetSessionAttrs =
  | 'any'
  | 'read-write'
  | 'read-only'
  | 'primary'
  | 'standby'
  | 'prefer-standby';

const TARGET_SESSION_ATTRS: readonly TargetSessionAttrs[] = [
  'any',
  'read-write',
  'read-only',
  'primary',
  'standby',
  'prefer-standby',
];

export interface DatabaseHost {
  host: string;
  port: number;
}

export interface ParsedDatabaseUrl {
  hosts: DatabaseHost[];
  targetSessionAttrs: TargetSessionAttrs;
  /** The URL of one of the hosts, without `target_session_attrs` (what `pg` reads). */
  urlFor(host: DatabaseHost): string;
  /** The same hosts and parameters with another database name. */
  withDatabase(name: string): string;
  /** The database named in the URL ('' when none). */
  database: string;
}

export class DatabaseUrlError extends Error {}

const URL_SHAPE = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/;

function parseHost(text: string, url: string): DatabaseHost {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1] as string, port: Number(bracketed[2] ?? 5432) };
  const plain = /^([^:[\]]*)(?::(\d+))?$/.exec(text);
  if (!plain) throw new DatabaseUrlError(`${redact(url)}: '${text}' is not a host[:port]`);
  return { host: decodeURIComponent(plain[1] || 'localhost'), port: Number(plain[2] ?? 5432) };
}

function formatHost({ host, port }: DatabaseHost): string {
  return `${host.includes(':') ? `[${host}]` : encodeURIComponent(host)}:${port}`;
}

/** The URL with its password replaced, for messages. */
export function redact(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:@/]*):[^@/]*@/, '$1:***@');
}

/** Reads a postgresql:// URL with one or several comma-separated hosts (libpq's multi-host form). */
export function parseDatabaseUrl(url: string): ParsedDatabaseUrl {
  const match = URL_SHAPE.exec(url);
  if (!match) throw new DatabaseUrlError('must be a postgresql:// URL');
  const [, scheme, userinfo, hostList = '', path = '', query = ''] = match;
  const hosts = (hostList === '' ? ['localhost'] : hostList.split(',')).map((h) => parseHost(h, url));
  for (const { port } of hosts) {
    if (!(port > 0 && port < 65536))
      throw new DatabaseUrlError(`${redact(url)}: port ${port} is out of range`);
  }
  const params = new URLSearchParams(query.slice(1));
  const attrs = (params.get('target_session_attrs') ?? 'any') as TargetSessionAttrs;
  if (!TARGET_SESSION_ATTRS.includes(attrs)) {
    throw new DatabaseUrlError(
      `target_session_attrs must be one of ${TARGET_SESSION_ATTRS.join(', ')} (got '${params.get('target_session_attrs')}')`,
    );
  }
  params.delete('target_session_attrs');
  const rest = params.toString() ? `?${params.toString()}` : '';
  const prefix = `${scheme}${userinfo !== undefined ? `${userinfo}@` : ''}`;
  const queryOf = (all: boolean) => {
    if (!all) return rest;
    return query;
  };
  return {
    hosts,
    targetSessionAttrs: attrs,
    database: decodeURIComponent(path.replace(/^\//, '')),
    urlFor: (host) => `${prefix}${formatHost(host)}${path}${queryOf(false)}`,
    withDatabase: (name) => `${prefix}${hostList}/${encodeURIComponent(name)}${queryOf(true)}`,
  };
}

interface ServerState {
  inRecovery: boolean;
  readOnly: boolean;
}

const STATE_SQL =
  "SELECT pg_catalog.pg_is_in_recovery() AS in_recovery, current_setting('transaction_read_only') = 'on' AS read_only";

function fits(attrs: TargetSessionAttrs, state: ServerState, pass: 'first' | 'second'): boolean {
  switch (attrs) {
    case 'any':
      return true;
    case 'read-write':
      return !state.readOnly;
    case 'read-only':
      return state.readOnly;
    case 'primary':
      return !state.inRecovery;
    case 'standby':
      return state.inRecovery;
    case 'prefer-standby':
      return pass === 'first' ? state.inRecovery : true;
  }
}

async function serverState(client: pg.Client): Promise<ServerState> {
  const { rows } = await client.query<{ in_recovery: boolean; read_only: boolean }>(STATE_SQL);
  const row = rows[0] as { in_recovery: boolean; read_only: boolean };
  return { inRecovery: row.in_recovery, readOnly: row.read_only };
}

/** How long a probe of one host may take before it counts as down (a dead machine never answers). */
const PROBE_TIMEOUT_MS = 3_000;

/** The host currently chosen for one URL, shared by every pool and client of the process made from it. */
class HostLocator {
  current: DatabaseHost | null = null;
  private probing: Promise<DatabaseHost> | null = null;

  constructor(
    readonly parsed: ParsedDatabaseUrl,
    readonly targetSessionAttrs: TargetSessionAttrs,
  ) {}

  /** The host a new connection should go to. */
  pick(config: pg.ClientConfig): Promise<DatabaseHost> {
    if (this.current) return Promise.resolve(this.current);
    // One host: nothing to choose; the connection checks the server itself.
    if (this.parsed.hosts.length === 1) return Promise.resolve(this.parsed.hosts[0] as DatabaseHost);
    this.probing ??= this.probe(config).finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  /** Forgets `host` (it failed or no longer fits): the next connection probes again. */
  forget(host: DatabaseHost): void {
    if (this.current && this.current.host === host.host && this.current.port === host.port)
      this.current = null;
  }

  private async probe(config: pg.ClientConfig): Promise<DatabaseHost> {
    const { hosts } = this.parsed;
    const { targetSessionAttrs } = this;
    // Every host at once (a dead machine costs the probe timeout once, not once per host); the first in the list's
    // order that fits wins, as libpq's order.
    const states = await Promise.all(
      hosts.map(async (host) => {
        const client = new pg.Client({
          ...config,
          connectionString: undefined,
          ...pgHostConfig(this.parsed, host),
          connectionTimeoutMillis: Math.min(
            config.connectionTimeoutMillis || PROBE_TIMEOUT_MS,
            PROBE_TIMEOUT_MS,
          ),
        });
        client.on('error', () => {});
        try {
          await client.connect();
          return await serverState(client);
        } catch (error) {
          return error as Error;
        } finally {
          await client.end().catch(() => {});
        }
      }),
    );
    for (const pass of ['first', 'second'] as const) {
      for (const [i, state] of states.entries()) {
        if (!(state instanceof Error) && fits(targetSessionAttrs, state, pass)) {
          this.current = hosts[i] as DatabaseHost;
          return this.current;
        }
      }
    }
    const why = states
      .map(
        (s, i) => `${formatHost(hosts[i] as DatabaseHost)}: ${s instanceof Error ? s.message : describe(s)}`,
      )
      .join('; ');
    throw new NoFittingHostError(
      `no database host fits target_session_attrs=${targetSessionAttrs} (${why})`,
      states.every((s) => s instanceof Error),
    );
  }
}

function describe(state: ServerState): string {
  if (state.inRecovery) return 'a standby (in recovery)';
  return state.readOnly ? 'read-only' : 'read-write';
}

/** No host of a multi-host URL fits now (every one down, or none is the primary yet: a failover under way). */
export class NoFittingHostError extends Error {
  readonly code = 'SAGE_NO_FITTING_HOST';
  constructor(
    message: string,
    readonly allDown: boolean,
  ) {
    super(message);
  }
}

/** A connection made to a host that, once connected, turned out not to fit (a failover between probe and connect). */
export class HostDoesNotFitError extends Error {
  readonly code = 'SAGE_HOST_DOES_NOT_FIT';
}

function pgHostConfig(parsed: ParsedDatabaseUrl, host: DatabaseHost): pg.ClientConfig {
  return { connectionString: parsed.urlFor(host) };
}

const locators = new Map<string, HostLocator>();

function locatorFor(url: string, attrs: TargetSessionAttrs): HostLocator {
  const key = `${attrs} ${url}`;
  let locator = locators.get(key);
  if (!locator) {
    locator = new HostLocator(parseDatabaseUrl(url), attrs);
    locators.set(key, locator);
  }
  return locator;
}

/**
 * What a pool's connections are for (decision 0521). 'primary' (the default): writes, the alert path among them;
 * every connection must be read-write, whatever the URL says, so a pool made from a replica's URL refuses to work
 * instead of failing later, half-way through an alert. 'read': reports and figures that may run on a replica
 * (`READ_DATABASE_URL`); the URL's own `target_session_attrs` (default any) decides.
 */
export type PoolRole = 'primary' | 'read';

/** The session requirement of a `role` pool on `url`. */
export function sessionAttrsFor(url: string, role: PoolRole): TargetSessionAttrs {
  const { targetSessionAttrs } = parseDatabaseUrl(url);
  if (role === 'read') return targetSessionAttrs;
  if (targetSessionAttrs === 'any' || targetSessionAttrs === 'read-write' || targetSessionAttrs === 'primary')
    return 'read-write';
  throw new DatabaseUrlError(
    `target_session_attrs=${targetSessionAttrs} cannot be the primary's: that URL is for reads only (READ_DATABASE_URL)`,
  );
}

/** SQLSTATEs after which the connection is on a server that no longer takes writes: it is closed. */
const READ_ONLY_STATES = new Set(['25006']);

const clientClasses = new Map<string, typeof pg.Client>();

/** A `pg` client that connects to the host its URL's locator picks and checks that the server fits. */
function multiHostClientClass(url: string, attrs: TargetSessionAttrs): typeof pg.Client {
  const key = `${attrs} ${url}`;
  let known = clientClasses.get(key);
  if (!known) {
    known = makeClientClass(locatorFor(url, attrs));
    clientClasses.set(key, known);
  }
  return known;
}

function makeClientClass(locator: HostLocator): typeof pg.Client {
  const { targetSessionAttrs } = locator;
  return class MultiHostClient extends pg.Client {
    private readonly baseConfig: pg.ClientConfig;
    constructor(config: pg.ClientConfig = {}) {
      // The first host until `connect` picks one.
      super({ ...config, connectionString: locator.parsed.urlFor(locator.parsed.hosts[0] as DatabaseHost) });
      this.baseConfig = config;
    }

    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (callback or promise)
    override connect(callback?: any): any {
      const done = this.connectToFittingHost().then(() => this);
      if (!callback) return done;
      done.then(
        () => callback(null, this),
        (error: Error) => callback(error),
      );
      return undefined;
    }

    /**
     * Connects and checks the server. Until it returns, nothing else listens to the client's 'error': a server that
     * ends the new connection between the connect and the check (pg_terminate_backend, a shutdown) would otherwise
     * be an unhandled 'error' event that ends the process. Such an error fails this connect instead.
     */
    private async connectToFittingHost(): Promise<void> {
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost ??= error;
      };
      this.on('error', onError);
      try {
        await this.connectAndCheck();
        if (lost) throw lost;
      } catch (error) {
        if (lost) await this.end().catch(() => {});
        throw error;
      } finally {
        this.removeListener('error', onError);
      }
    }

    private async connectAndCheck(): Promise<void> {
      const host = await locator.pick(this.baseConfig);
      const self = this as unknown as {
        host: string;
        port: number;
        connectionParameters: { host: string; port: number };
      };
      self.host = host.host;
      self.port = host.port;
      self.connectionParameters.host = host.host;
      self.connectionParameters.port = host.port;
      try {
        await super.connect();
      } catch (error) {
        locator.forget(host);
        throw error;
      }
      // A connection the server ends (a crash, a shutdown, a demotion's restart) makes the next one look again, so
      // after a failover the first new connection goes to the new primary rather than to the dead host.
      this.connection.once('end', () => {
        if (!(this as unknown as { _ending: boolean })._ending) locator.forget(host);
      });
      if (targetSessionAttrs === 'any') {
        locator.current = host;
        return;
      }
      let state: ServerState;
      try {
        state = await serverState(this as pg.Client);
      } catch (error) {
        locator.forget(host);
        throw error;
      }
      if (!fits(targetSessionAttrs, state, 'second')) {
        locator.forget(host);
        await this.end().catch(() => {});
        throw new HostDoesNotFitError(
          `${formatHost(host)} is ${describe(state)}, not ${targetSessionAttrs}: the connection was closed`,
        );
      }
      locator.current = host;
    }

    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
    override query(...args: any[]): any {
      // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
      const result = (super.query as any)(...args);
      if (result && typeof result.then === 'function' && targetSessionAttrs !== 'any') {
        return result.catch((error: { code?: string }) => {
          if (error && READ_ONLY_STATES.has(error.code ?? '')) {
            // This server no longer takes writes (it was demoted): never reuse the connection.
            locator.forget({ host: this.host, port: this.port });
            this.end().catch(() => {});
          }
          throw error;
        });
      }
      return result;
    }
  };
}

export type PoolOptions = Omit<pg.PoolConfig, 'connectionString' | 'Client'> & { role?: PoolRole };
export type ClientOptions = Omit<pg.ClientConfig, 'connectionString'> & { role?: PoolRole };

/**
 * A `pg` pool for `url` (one host or several; decision 0520), for the primary unless `role: 'read'` (decision 0521).
 * Every pool of the product is made here.
 */
export function createPgPool(url: string, { role = 'primary', ...options }: PoolOptions = {}): pg.Pool {
  const attrs = sessionAttrsFor(url, role);
  if (attrs === 'any' && parseDatabaseUrl(url).hosts.length === 1) {
    return new pg.Pool({ ...options, connectionString: url });
  }
  return new pg.Pool({ ...options, Client: multiHostClientClass(url, attrs) } as pg.PoolConfig);
}

/** A `pg` client for `url` (one host or several), not yet connected; for the primary unless `role: 'read'`. */
export function createPgClient(url: string, { role = 'primary', ...options }: ClientOptions = {}): pg.Client {
  const attrs = sessionAttrsFor(url, role);
  if (attrs === 'any' && parseDatabaseUrl(url).hosts.length === 1) {
    return new pg.Client({ ...options, connectionString: url });
  }
  const MultiHostClient = multiHostClientClass(url, attrs);
  return new MultiHostClient(options);
}

/** The host a URL's primary connections currently go to (null before the first connection, or after a failure). */
export function currentHost(url: string, role: PoolRole = 'primary'): DatabaseHost | null {
  return locatorFor(url, sessionAttrsFor(url, role)).current;
}

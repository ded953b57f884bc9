import type {
  Bindings,
  ChildLoggerOptions,
  FastifyBaseLogger,
  FastifyChildLoggerFactory,
} from 'fastify/types/logger';

type Log = (...args: unknown[]) => void;

/**
 * A request's logger, made on its first use (decision 0860). Fastify makes a pino child per request (its reqId
 * bound) before anything is logged, and the ingest logs nothing for an accepted event (issue #18): a child per
 * heartbeat for nothing. This one makes the same child, with the same bindings and options, the first time a line is
 * written through it, so every line is the one the eager child would have written.
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  private write(
    level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent',
    args: unknown[],
  ): void {
    const made = this.made;
    (made[level] as Log).apply(made, args);
  }

  get level(): string {
    return this.made.level;
  }
  set level(level: string) {
    this.made.level = level;
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(...args: unknown[]): void {
    this.write('silent', args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
  isLevelEnabled(level: string): boolean {
    return (this.made as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level);
  }
}

/** Fastify's default child logger factory (`logger.child(bindings, opts)`), made on first use. */
export const lazyChildLoggerFactory: FastifyChildLoggerFactory = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;

import {
  LIVE_CLOSE_CODE_UNAUTHORIZED,
  LIVE_PATH,
  type TLiveDeviceQaChangedMessage,
  type TLiveRecognitionReceivedMessage,
  type TLiveServerMessage,
  type TLiveTaskChangedMessage,
} from '@sage/contract';

/** Reads a frame: the message, or null for one that is not JSON or not a known message. */
export type LiveMessageParser = (data: unknown) => TLiveServerMessage | null;

// The frames' check loads with the first start, not with the page (docs/decisions/0446, 0471).
const loadParser = (): Promise<LiveMessageParser> =>
  import('./live-messages').then((m) => m.parseLiveMessage);

export interface LiveHandlers {
  onTaskChanged(message: TLiveTaskChangedMessage): void;
  /** After `resync`, and once connected without a known version: everything is refetched. */
  onResync(): void;
  /** A high five for the signed-in staff member (docs/decisions/0293). */
  onRecognition?(message: TLiveRecognitionReceivedMessage): void;
  /** A device QA walk of the facility started, ended or expired: the banner reads them again (decision 0505). */
  onDeviceQaChanged?(message: TLiveDeviceQaChangedMessage): void;
  /** Every `ready` (first connection and reconnections): what is not replayed (high fives) is refetched. */
  onReady?(): void;
  /** The socket closed (a reconnect follows); `code` 4401: the token or the session was refused. */
  onClosed?(code: number): void;
}

export interface LiveConnectionOptions {
  url: string;
  getSession: () => { accessToken: string; staffMemberId: string } | null;
  handlers: LiveHandlers;
  createSocket?: (url: string) => WebSocket;
  /** Delay before reconnect attempt n (0-based). */
  backoffMs?: (attempt: number) => number;
  /** Reads frames; by default `parseLiveMessage` of live-messages.ts, loaded before the first connection. */
  parse?: LiveMessageParser;
}

/** The longest wait between reconnect attempts (decision 0114). */
export const LIVE_RECONNECT_MAX_MS = 1_500;

/**
 * 250 ms, 500 ms, 1 s, then 1.5 s at most, each between half and all of it (jitter, so a restarted API is not
 * met by every phone at the same instant). A phone is live again within ~1.5 s of the API answering, where a
 * long backoff left it waiting up to 8 s more (decision 0114); a refused attempt costs the server little.
 */
export const defaultBackoffMs = (attempt: number, random: () => number = Math.random): number => {
  const ceiling = Math.min(LIVE_RECONNECT_MAX_MS, 250 * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
};

/** `http://host` becomes `ws://host/live`, `https://host` becomes `wss://host/live`. */
export function liveUrl(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}${LIVE_PATH}`;
}

/**
 * The /live socket (ARCHITECTURE.md "Live updates"): authenticates with the first frame, remembers the last
 * version seen and sends it as `sinceVersion` when it reconnects (with backoff) so missed changes replay.
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private version: number | undefined;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private parse: LiveMessageParser | null;
  /** Frames that arrived before the parser had loaded, handled in order once it has. */
  private early: unknown[] = [];
  private loading = false;

  constructor(private readonly options: LiveConnectionOptions) {
    this.parse = options.parse ?? null;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    // The socket opens at once (a change committed after the screen's first fetch must arrive as a frame:
    // the emergency toast comes only from one); its frames' schema loads beside it (decision 0446).
    if (!this.parse) this.loadParser();
    this.connect();
  }

  private loadParser(): void {
    if (this.loading) return;
    this.loading = true;
    loadParser().then(
      (parse) => {
        this.loading = false;
        this.parse = parse;
        const early = this.early;
        this.early = [];
        for (const data of early) this.handle(parse(data));
      },
      () => {
        // A chunk that failed to load (network): try again with backoff; the early frames wait.
        this.loading = false;
        setTimeout(() => this.loadParser(), (this.options.backoffMs ?? defaultBackoffMs)(0));
      },
    );
  }

  stop(): void {
    this.stopped = true;
    this.early = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  private connect(): void {
    const session = this.options.getSession();
    if (!session || this.stopped) return;
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      socket.send(
        JSON.stringify({
          type: 'auth',
          accessToken: session.accessToken,
          staffMemberId: session.staffMemberId,
          ...(this.version !== undefined ? { sinceVersion: this.version } : {}),
        }),
      );
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.parse) this.handle(this.parse(event.data));
      else this.early.push(event.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      // A refused token: the next attempt uses the refreshed one (the session refreshes every 60 s).
      const delay =
        event.code === LIVE_CLOSE_CODE_UNAUTHORIZED
          ? Math.max(5_000, (this.options.backoffMs ?? defaultBackoffMs)(this.attempt))
          : (this.options.backoffMs ?? defaultBackoffMs)(this.attempt);
      this.attempt += 1;
      this.timer = setTimeout(() => this.connect(), delay);
      this.options.handlers.onClosed?.(event.code);
    };
  }

  private handle(message: TLiveServerMessage | null): void {
    if (!message) return;
    if (message.type === 'ready') {
      this.attempt = 0;
      // Without a known version (first connection) changes made between the screens' first fetch and this
      // moment cannot be replayed: refetch everything once.
      if (this.version === undefined) this.options.handlers.onResync();
      this.version = Math.max(this.version ?? 0, message.version);
      this.options.handlers.onReady?.();
    } else if (message.type === 'recognition.received') {
      this.options.handlers.onRecognition?.(message);
    } else if (message.type === 'deviceQa.changed') {
      this.options.handlers.onDeviceQaChanged?.(message);
    } else if (message.type === 'task.changed') {
      this.version = Math.max(this.version ?? 0, message.version);
      this.options.handlers.onTaskChanged(message);
    } else {
      this.options.handlers.onResync();
    }
  }
}

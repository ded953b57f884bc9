/** Postgres channel announcing an ended session (payload: its id), so every API process drops it at once. */
export const SESSION_ENDED_CHANNEL = 'session_ended';
/** Postgres channel of new recognitions (high fives): every API instance delivers them to the recipient's sockets. */
export const RECOGNITION_CHANNEL = 'recognition_received';

/**
 * Postgres channel of device QA walks started, ended or expired (payload: JSON DeviceQaNotification): every API
 * instance tells its sockets of the facility to read the walks in progress again (docs/decisions/0505).
 */
export const DEVICE_QA_CHANNEL = 'device_qa_changed';

/** NATS subjects of the live bus (decision 0400); the prefix keeps them apart from anything else on the server. */
export const NATS_SUBJECTS = {
  /** A committed task change (JSON TaskChangedNotification). */
  taskChanged: 'sage.live.task-changed',
  /** An ended session's id; an empty message means "some may have been missed: read the watched ones again". */
  sessionEnded: 'sage.live.session-ended',
  /** A committed recognition (JSON RecognitionNotification). */
  recognition: 'sage.live.recognition',
  /** A device QA walk started, ended or expired (JSON DeviceQaNotification). */
  deviceQa: 'sage.live.device-qa',
} as const;

export interface DeviceQaNotification {
  facilityRid: string;
}

export interface RecognitionNotification {
  recognitionRid: string;
  recipientRid: string;
  facilityRid: string;
}

export interface BusLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Options of the NATS connection both sides open: reconnect for ever, quickly (the relay and the bus heal gaps). */
export const NATS_CONNECT_OPTIONS = {
  maxReconnectAttempts: -1,
  reconnectTimeWait: 250,
  pingInterval: 10_000,
} as const;

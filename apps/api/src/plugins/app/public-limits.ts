/**
 * Limits of the public routes (no bearer token), per client address and per API process unless said
 * otherwise (decision 0132). A community's phones usually share one public address (the building's Wi-Fi),
 * so the ceilings are set for a whole shift, not for one phone: they stop floods and guessing, not staff.
 */
export const PUBLIC_RATE_LIMITS = {
  /** Code checks; the per-number lock (5 wrong codes) is the real guard against guessing. */
  signinVerify: { max: 60, timeWindow: 60_000 },
  /** Token refresh: every signed-in phone every 60 s. */
  tokenRefresh: { max: 600, timeWindow: 60_000 },
  logout: { max: 120, timeWindow: 60_000 },
  /** The hosted email sign-in page (GET) and its code form. */
  signinPage: { max: 120, timeWindow: 60_000 },
  /** Twilio's inbound text-message webhook (START / STOP replies). */
  inboundSms: { max: 600, timeWindow: 60_000 },
  /** Delivery receipts: two per push per phone (RECEIVED, SHOWN); an alert burst reaches every phone. */
  deliveryReceipts: { max: 1_200, timeWindow: 60_000 },
  /** The dev outbox (never in production). */
  devOutbox: { max: 600, timeWindow: 60_000 },
} as const;

/** Body limits of the public routes: each takes a few small fields (the app-wide limit is in app.ts). */
export const PUBLIC_BODY_LIMITS = {
  signin: 4 * 1024,
  /** Twilio's form: the text (up to 1600 characters) and some twenty fields. */
  inboundSms: 64 * 1024,
  deliveryReceipt: 4 * 1024,
  signinPageForm: 16 * 1024,
} as const;

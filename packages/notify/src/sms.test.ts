import { describe, expect, it } from 'vitest';
import { SmsDeliveryError, type SmsTransport, sendSms, toSmsDeliveryError } from './sms';

/** A transport standing in for Twilio: it fails the way Twilio's RestException does. */
const failingTransport = (error: unknown): SmsTransport => ({
  kind: 'twilio',
  async send() {
    throw error;
  },
});

describe('[AUTH][SMS]: delivery errors', () => {
  it.each([
    [
      Object.assign(new Error('Attempt to send to unsubscribed recipient'), { status: 400, code: 21610 }),
      true,
    ],
    [{ code: '21610', message: 'unsubscribed' }, true],
    [new Error('The message From/To pair violates a blacklist rule. (21610)'), true],
    [Object.assign(new Error('Invalid To number'), { code: 21211 }), false],
    ['socket hang up', false],
  ])('Twilio 21610 means "unsubscribed": %o -> %s', async (thrown, unsubscribed) => {
    const error = await sendSms(failingTransport(thrown), {
      to: '+14155550101',
      from: '+15005550006',
      body: 'x',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as SmsDeliveryError).unsubscribed).toBe(unsubscribed);
    if (unsubscribed) expect((error as SmsDeliveryError).message).toContain('21610');
  });

  it('keeps the provider code and passes a working transport through', async () => {
    expect(toSmsDeliveryError(Object.assign(new Error('x'), { code: 30003 })).providerCode).toBe(30003);
    const sent: string[] = [];
    await sendSms(
      { kind: 'outbox', send: async (m) => void sent.push(m.body) },
      { to: 'a', from: 'b', body: 'hello' },
    );
    expect(sent).toEqual(['hello']);
  });
});

import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { liveFrame } from './writer';

/** ws's own framing (its Sender, exported but not typed): what `ws.send(text)` writes for a server frame. */
const { Sender } = createRequire(import.meta.url)('ws') as {
  Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
};
const wsWire = (payload: Buffer) =>
  Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }));

describe('[LIVE][FRAME]: a live frame built once is the text frame ws would send (decision 0493)', () => {
  // Every length class of RFC 6455's payload length: 7 bits, 16 bits, 64 bits, at their edges.
  it.each([0, 1, 125, 126, 180, 65_535, 65_536, 70_000])('%i bytes of payload', (length) => {
    const text = 'x'.repeat(length);
    const frame = liveFrame(text);
    expect(frame.payload.toString()).toBe(text);
    expect(frame.wire.equals(wsWire(Buffer.from(text)))).toBe(true);
  });

  it('encodes the text once as UTF-8', () => {
    const text = JSON.stringify({ type: 'task.changed', taskId: 'é✓', version: 1 });
    const frame = liveFrame(text);
    expect(frame.payload.equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(frame.wire.equals(wsWire(Buffer.from(text, 'utf8')))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createBusHandlers } from './handlers';

const quiet = { info() {}, warn() {}, error() {} };
const change = (version: number) => ({
  facilityId: 'f',
  taskId: `t${version}`,
  status: 'OPEN_UNCLAIMED' as const,
  severity: 'STAFF_ASSIST' as const,
  version,
});

describe('the handler sets both live buses share', () => {
  it('delivers each version once while it is among the last ones kept, and forgets the oldest first', () => {
    const h = createBusHandlers(quiet, 3);
    const got: number[] = [];
    h.subscribe((c) => got.push(c.version));
    expect([1, 2, 3, 2, 1].map((v) => h.change(change(v)))).toEqual([true, true, true, false, false]);
    h.change(change(4)); // 1 is forgotten
    expect(h.change(change(2))).toBe(false);
    expect(h.change(change(1))).toBe(true);
    expect(got).toEqual([1, 2, 3, 4, 1]);
  });

  it('a failing handler does not keep the others from their value; unsubscribe and clear stop delivery', () => {
    const errors: string[] = [];
    const h = createBusHandlers({ ...quiet, error: (_obj, msg) => errors.push(msg) }, 10);
    const sessions: (string | null)[] = [];
    h.subscribeSessionEnded(() => {
      throw new Error('boom');
    });
    const off = h.subscribeSessionEnded((s) => sessions.push(s));
    h.sessionEnded('a');
    h.sessionEnded(null);
    off();
    h.sessionEnded('b');
    expect(sessions).toEqual(['a', null]);
    expect(errors).toEqual([
      'live bus session handler failed',
      'live bus session handler failed',
      'live bus session handler failed',
    ]);
    const recognitions: unknown[] = [];
    h.subscribeRecognitions((r) => recognitions.push(r));
    h.clear();
    h.recognized({ recognitionRid: 'r', recipientRid: 's', facilityRid: 'f' });
    expect(recognitions).toEqual([]);
  });
});

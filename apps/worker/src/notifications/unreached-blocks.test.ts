import { describe, expect, it } from 'vitest';
import { UnreachedBlocks } from './unreached-blocks';

describe('[WORKER][NOTIFICATIONS]: blocks that reached nobody are counted, not logged one by one', () => {
  it('reports the count per community once, then nothing until more are counted', () => {
    const lines: string[] = [];
    const unreached = new UnreachedBlocks({ warn: (line) => lines.push(line) }, 3_600_000);
    unreached.record('facility-a', 'task-1');
    unreached.record('facility-a', 'task-2');
    unreached.record('facility-b', 'task-3');
    expect(lines).toEqual([]);

    unreached.flush();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('3 notification block(s) reached nobody');
    expect(lines[0]).toContain('"facility-a":{"count":2,"lastTaskId":"task-2"}');
    expect(lines[0]).toContain('"facility-b":{"count":1,"lastTaskId":"task-3"}');

    unreached.flush();
    expect(lines).toHaveLength(1);
    unreached.record('facility-b', 'task-4');
    unreached.stop();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('1 notification block(s) reached nobody');
  });
});

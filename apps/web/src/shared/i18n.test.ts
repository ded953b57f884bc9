import { describe, expect, it } from 'vitest';
import { lazyMessages, loadMessages } from './i18n';

describe('loadMessages', () => {
  it('asks again for a namespace whose chunk failed to load, instead of keeping the failure', async () => {
    let calls = 0;
    const messages = { title: 'Station' };
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: messages };
    };
    lazyMessages('station', { en: flaky, es: flaky } as never);
    await expect(loadMessages('en', 'station')).rejects.toThrow('Failed to fetch');
    await Promise.resolve();
    await expect(loadMessages('en', 'station')).resolves.toBe(messages);
    expect(calls).toBe(2);
    // Once loaded, it stays loaded.
    await loadMessages('en', 'station');
    expect(calls).toBe(2);
  });
});

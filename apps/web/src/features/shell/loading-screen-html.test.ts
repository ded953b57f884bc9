import { APP_VERSION, LoadingScreenMessages } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { loadingScreenHtml } from './loading-screen-html';

// The loading screen written into the built index.html (vite.config.ts, decision 0810).
describe('loadingScreenHtml', () => {
  const html = loadingScreenHtml();

  it('is the loading screen as its first render shows it (no reload offer yet)', () => {
    expect(html).toContain(`role="status">${LoadingScreenMessages.verifying}</p>`);
    expect(html).toContain(APP_VERSION);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain(LoadingScreenMessages.stuck);
  });

  it("carries the theme's colours, which the stylesheet alone does not have", () => {
    expect(html).toMatch(/<style data-mantine-styles="true">[^<]*--mantine-color-sage-7: #25744a/);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// index.html's head as Lighthouse judges it (issue #32, docs/decisions/0625).
const html = readFileSync(path.join(import.meta.dirname, '../index.html'), 'utf8');

describe('index.html', () => {
  it('has a meta description (Lighthouse SEO audit meta-description)', () => {
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
  });

  it('loads zod-jitless.js deferred (not render-blocking), before the app module script', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    const jitless = scripts.findIndex((a) => a.includes('/zod-jitless.js'));
    const app = scripts.findIndex((a) => /type="module"/.test(a));
    expect(jitless).toBeGreaterThanOrEqual(0);
    expect(scripts[jitless]).toMatch(/\bdefer\b/);
    expect(scripts[jitless]).not.toMatch(/\basync\b/);
    // Deferred classic scripts and module scripts run in document order: the setting exists before zod loads.
    expect(app).toBeGreaterThan(jitless);
  });
});

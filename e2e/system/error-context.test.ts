import { describe, expect, it } from 'vitest';
import { summarizeErrorContext } from '../stack/error-context';

// The shape Playwright 1.65 writes (playwright/lib/errorContext.js), with a long page snapshot.
const snapshot = Array.from({ length: 250 }, (_, i) => `- listitem: row ${i}`).join('\n');
const written = `# Instructions

- Following Playwright test failed.
- Explain why, be concise, respect Playwright best practices.

# Test info

- Name: [ADMIN][RESIDENTS] >> [ADMIN][CARE ZONES]: a manager creates a care zone
- Location: admin-residents/admin-residents.spec.ts:157:3

# Error details

\`\`\`
Error: locator.click: Test timeout of 30000ms exceeded.
Call log:
  - waiting for getByRole('link', { name: 'Care Zones' })
\`\`\`

# Page snapshot

\`\`\`yaml
${snapshot}
\`\`\`

# Test source

\`\`\`ts
  168 |     await page.getByRole('link', { name: 'Manage' }).click();
> 169 |     await page.getByRole('link', { name: 'Care Zones' }).click();
      |                                                          ^ Error: locator.click: Test timeout of 30000ms exceeded.
  170 |     await page.getByRole('link', { name: 'Add care zone' }).click();
\`\`\`
`;

describe('summarizeErrorContext: a failed browser test told in a CI log', () => {
  const summary = summarizeErrorContext(written);

  it('names the test, where it is and its first error line', () => {
    expect(summary.name).toBe('[ADMIN][RESIDENTS] >> [ADMIN][CARE ZONES]: a manager creates a care zone');
    expect(summary.location).toBe('admin-residents/admin-residents.spec.ts:157:3');
    expect(summary.error).toBe('Error: locator.click: Test timeout of 30000ms exceeded.');
    expect(summary.failedLine).toBe(
      "> 169 |     await page.getByRole('link', { name: 'Care Zones' }).click();",
    );
  });

  it('keeps the error and the start of the page snapshot, drops the instructions and the rest of the source', () => {
    expect(summary.body).toContain("waiting for getByRole('link', { name: 'Care Zones' })");
    expect(summary.body).toContain('Page snapshot (first 200 of 252 lines)');
    expect(summary.body).toContain('- listitem: row 197');
    expect(summary.body).not.toContain('- listitem: row 240');
    expect(summary.body).not.toContain('Explain why');
    expect(summary.body).not.toContain("name: 'Add care zone'");
  });

  it('says so when a context has no error text or name', () => {
    expect(summarizeErrorContext('# Page snapshot\n\n```yaml\n- main\n```\n')).toMatchObject({
      name: '(unnamed test)',
      error: '(no error text)',
      failedLine: null,
    });
  });
});

import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages, setLanguage } from '../i18n';
import { PageHeader } from './page-header';

function render(node: React.ReactNode): string {
  return renderToString(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
}

describe('PageHeader', () => {
  // The back arrow's name is the dashboard's message (decision 0750), loaded before it renders as on a page.
  beforeAll(async () => {
    await Promise.all([loadMessages('en', 'dashboard'), loadMessages('es', 'dashboard')]);
  });

  it('shows a back button, the title and the action', () => {
    const html = render(<PageHeader title="Team" action={<button type="button">Add</button>} />);
    expect(html).toContain('aria-label="Back"');
    expect(html).toContain('Team');
    expect(html).toContain('>Add</button>');
  });

  it("names the back arrow in the reader's language", () => {
    setLanguage('es');
    try {
      expect(render(<PageHeader title="Equipo" />)).toContain('aria-label="Atrás"');
    } finally {
      setLanguage('en');
    }
  });

  it('can hide the back button', () => {
    expect(render(<PageHeader title="Dashboard" hideBack />)).not.toContain('aria-label="Back"');
  });
});

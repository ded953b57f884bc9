import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';

function render(node: React.ReactNode): string {
  return renderToString(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
}

describe('PageHeader', () => {
  it('shows a back button, the title and the action', () => {
    const html = render(<PageHeader title="Team" action={<button type="button">Add</button>} />);
    expect(html).toContain('aria-label="Back"');
    expect(html).toContain('Team');
    expect(html).toContain('>Add</button>');
  });

  it('can hide the back button', () => {
    expect(render(<PageHeader title="Dashboard" hideBack />)).not.toContain('aria-label="Back"');
  });
});

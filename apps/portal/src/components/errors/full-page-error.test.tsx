import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { FullPageError } from './full-page-error.tsx';

/**
 * With only what the portal bundles (English `common`): the error page must read whole when nothing else could
 * load. No loader: one would fetch the other namespaces and retry them on its own timers after the test.
 */
function renderErrorPage(props: { supportEmail?: string; siteUrl?: string; searchUrl?: string } = {}) {
  return render(
    <I18nextProvider i18n={createI18n(undefined, {}, { withBackend: false })}>
      <FullPageError {...props} />
    </I18nextProvider>,
  );
}

describe('FullPageError (spec §2)', () => {
  it('says the page was not found, with code 404, under a single h1', () => {
    renderErrorPage();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'The page you requested was not found.',
    );
    // The code is shown large; screen readers hear "Error code 404".
    expect(screen.getByText('404')).toHaveTextContent('Error code 404');
    expect(document.title).toBe('Page not found');
  });

  it('offers going back, the homepage and the site search', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    renderErrorPage();

    const suggestions = within(screen.getByRole('list'));
    expect(suggestions.getAllByRole('listitem')).toHaveLength(3);
    expect(suggestions.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
    expect(
      suggestions.getByText('Use the search of the site to find what you are looking for.'),
    ).toBeInTheDocument();

    await userEvent.click(suggestions.getByRole('button', { name: 'Go back to the previous page' }));
    expect(back).toHaveBeenCalledOnce();
  });

  it("points the homepage and the search at the platform's site when the server names them", () => {
    renderErrorPage({ siteUrl: 'https://standards.example/', searchUrl: 'https://standards.example/search' });

    const suggestions = within(screen.getByRole('list'));
    expect(suggestions.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute(
      'href',
      'https://standards.example/',
    );
    expect(
      suggestions.getByRole('link', { name: 'Use the search of the site to find what you are looking for.' }),
    ).toHaveAttribute('href', 'https://standards.example/search');
  });

  it('gives the built-in support contact by default, in the page footer', () => {
    renderErrorPage();

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'support@trackwell.example' })).toHaveAttribute(
      'href',
      'mailto:support@trackwell.example',
    );
  });

  it('gives the support contact it is handed', () => {
    renderErrorPage({ supportEmail: 'help@aenor.example' });

    expect(screen.getByRole('link', { name: 'help@aenor.example' })).toHaveAttribute(
      'href',
      'mailto:help@aenor.example',
    );
  });

  it('puts all content in landmarks', () => {
    const { container } = renderErrorPage();

    expect(screen.getByRole('main')).toBeInTheDocument();
    for (const child of container.firstElementChild!.children) {
      expect(['MAIN', 'FOOTER']).toContain(child.tagName);
    }
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer } from '../../testing/render-app.tsx';
import { buildTenantConfig, tenantConfigResponse } from '../../testing/tenant-config.ts';

function serveTenant(overrides: Parameters<typeof buildTenantConfig>[0] = {}) {
  stubServer({ status: 200, body: tenantConfigResponse(buildTenantConfig(overrides)) });
}

describe('routes (spec §2)', () => {
  it('/ shows the tenant intro, paragraph by paragraph, and says sign-in is not available yet', async () => {
    serveTenant({
      trackerSetting: {
        header: { page_paragraph_info: 'First paragraph.\n\n\nSecond paragraph,\nstill second.' },
      },
    });

    renderApp({ path: '/' });

    const intro = await screen.findByRole('region', { name: 'Standards tracker' });
    const paragraphs = within(intro).getAllByText(/paragraph/);
    expect(paragraphs.map((p) => p.textContent)).toEqual([
      'First paragraph.',
      'Second paragraph,\nstill second.',
    ]);
    expect(screen.getByRole('note')).toHaveTextContent('Sign-in for this store is not available yet.');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(intro);
  });

  it('/implicit/callback shows that sign-in is being completed', async () => {
    serveTenant();

    renderApp({ path: '/implicit/callback' });

    expect(await screen.findByText('Completing sign-in…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Completing sign-in…');
    expect(screen.getByRole('img', { name: 'Acme Standards' })).toBeInTheDocument();
  });

  it('any other route shows a not-found screen inside the shell, with a way home', async () => {
    serveTenant();

    const { router } = renderApp({ path: '/no/such/page' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(document.title).toBe('Page not found – Acme Standards');

    await userEvent.click(screen.getByRole('link', { name: 'Go to the homepage' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Standards tracker' })).toBeInTheDocument();
    expect(document.title).toBe('Acme Standards');
  });

  it('the not-found screen is translated', async () => {
    serveTenant({ ui: { languages: ['de'], defaultLanguage: 'de' } });

    renderApp({ path: '/nirgendwo' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('the skip link leads to the main content', async () => {
    serveTenant();

    renderApp();

    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});

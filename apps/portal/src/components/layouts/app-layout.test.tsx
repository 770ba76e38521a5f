import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../testing/render-with-i18n.tsx';
import { buildTenantConfig } from '../../testing/tenant-config.ts';
import { AppLayout } from './app-layout.tsx';

const tenant = buildTenantConfig({ ui: { sidebar: { enabled: true } } });

function renderLayout(admin: boolean) {
  return renderWithI18n(
    <MemoryRouter>
      <AppLayout tenant={tenant} translationEnabled={false} admin={admin}>
        <p>Screen</p>
      </AppLayout>
    </MemoryRouter>,
  );
}

describe('AppLayout: the tracker frame and the admin app frame', () => {
  it('the tracker keeps the store’s side cards, in a centred container', async () => {
    renderLayout(false);
    expect(await screen.findByRole('navigation', { name: 'Related services' })).toBeInTheDocument();
    expect(screen.getByRole('main').parentElement).toHaveClass('container');
  });

  it('the admin app (the console) is full width, without the tracker’s side cards', async () => {
    renderLayout(true);
    expect(await screen.findByText('Screen')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Related services' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Compass service/ })).not.toBeInTheDocument();
    expect(screen.getByRole('main').parentElement).toHaveClass('container-fluid');
    expect(screen.getByRole('banner').firstElementChild).toHaveClass('container-fluid');
  });
});

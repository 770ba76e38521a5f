import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubMyAccount } from './testing/fake-myaccount.ts';
import { dismissToasts, renderAccount } from './testing/render-account.tsx';

afterEach(dismissToasts);

// Journeys of several round trips: jsdom on a shared 2-core machine needs more than the default 5 s.
describe('Account area navigation', { timeout: 20_000 }, () => {
  it('/account opens the profile; the navigation marks the current screen with aria-current', async () => {
    stubMyAccount();
    renderAccount({ path: '/account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account settings' });
    // Webhooks joins the navigation once the store's feature flags have arrived.
    await within(nav).findByRole('link', { name: 'Webhooks' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Profile',
      'E-mail addresses',
      'Phone numbers',
      'Password',
      'Preferences',
      'Feed',
      'Webhooks',
      'Devices',
      'Passkeys',
      'Your data',
    ]);
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Password' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
  });

  it('moving to another screen moves aria-current and the focus to the new screen heading', async () => {
    stubMyAccount();
    const user = userEvent.setup();
    renderAccount({ path: '/account/profile' });
    const nav = await screen.findByRole('navigation', { name: 'Account settings' });
    await user.click(within(nav).getByRole('link', { name: 'E-mail addresses' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'E-mail addresses' });
    expect(heading).toHaveFocus();
    expect(within(nav).getByRole('link', { name: 'E-mail addresses' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(document.title).toBe('E-mail addresses · Acme Standards');
  });

  it('an unknown account path falls back to the profile', async () => {
    stubMyAccount();
    renderAccount({ path: '/account/nothing-here' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
  });
});

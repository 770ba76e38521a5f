import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../testing/render-with-i18n.tsx';
import { UserMenu } from './user-menu.tsx';

describe('UserMenu', () => {
  it('shows the name on a menu button; its menu has a sign-out item', async () => {
    const onSignOut = vi.fn();
    renderWithI18n(<UserMenu firstName="Maximiliana" lastName="Wolfeschlegelstein" onSignOut={onSignOut} />);

    const button = screen.getByRole('button', { name: 'Wolfeschlegelstein M' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const item = screen.getByRole('menuitem', { name: 'Sign out' });
    expect(item).toHaveFocus();

    await userEvent.click(item);
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('works from the keyboard: ArrowDown opens on the item, Escape closes back to the button', async () => {
    const onSignOut = vi.fn();
    renderWithI18n(<UserMenu firstName="Ada" lastName="Lovelace" onSignOut={onSignOut} />);

    await userEvent.tab();
    const button = screen.getByRole('button', { name: 'Lovelace Ada' });
    expect(button).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('with the account link: arrow keys, Home and End move between the two items', async () => {
    renderWithI18n(
      <MemoryRouter>
        <UserMenu firstName="Ada" lastName="Lovelace" accountHref="/account" onSignOut={vi.fn()} />
      </MemoryRouter>,
    );

    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    const account = screen.getByRole('menuitem', { name: 'My account' });
    const signOut = screen.getByRole('menuitem', { name: 'Sign out' });
    expect(account).toHaveFocus();
    expect(account).toHaveAttribute('href', '/account');
    await userEvent.keyboard('{ArrowDown}');
    expect(signOut).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(account).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(signOut).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(account).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(signOut).toHaveFocus();
  });

  it('closes on a click elsewhere', async () => {
    renderWithI18n(
      <>
        <UserMenu firstName="Ada" lastName="Lovelace" onSignOut={() => {}} />
        <p>Elsewhere</p>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Lovelace Ada' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../testing/render-with-i18n.tsx';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';

function Harness(props: Partial<ConfirmDialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove
      </button>
      <ConfirmDialog
        open={open}
        {...props}
        onConfirm={() => {
          props.onConfirm?.();
          setOpen(false);
        }}
        onCancel={() => {
          props.onCancel?.();
          setOpen(false);
        }}
      />
    </>
  );
}

describe('ConfirmDialog (spec §2 "Confirmation modal")', () => {
  it('has a default title and prompt from the translations, and No and Yes buttons', async () => {
    renderWithI18n(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));

    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to continue?');
    expect(screen.getByRole('button', { name: 'No' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeInTheDocument();
  });

  it('shows a given title and message', async () => {
    renderWithI18n(
      <Harness title="Remove this standard?" message="You will get no more e-mails about it." />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));

    expect(screen.getByRole('dialog', { name: 'Remove this standard?' })).toHaveAccessibleDescription(
      'You will get no more e-mails about it.',
    );
  });

  it('Yes confirms; No cancels; both close it', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithI18n(<Harness onConfirm={onConfirm} onCancel={onCancel} />);

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is keyboard accessible: focus starts on No, Tab stays inside, Escape answers No, focus returns', async () => {
    const onCancel = vi.fn();
    renderWithI18n(<Harness onCancel={onCancel} />);
    const opener = screen.getByRole('button', { name: 'Remove' });
    opener.focus();
    await userEvent.keyboard('{Enter}');

    const no = screen.getByRole('button', { name: 'No' });
    const yes = screen.getByRole('button', { name: 'Yes' });
    expect(no).toHaveFocus();
    await userEvent.tab();
    expect(yes).toHaveFocus();
    await userEvent.tab();
    expect(no).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(yes).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('makes the rest of the page inert while open', async () => {
    const { container } = renderWithI18n(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(container).toHaveAttribute('inert');
    // The dialog itself stays live (jsdom ignores `inert`, so ask for the attribute, not the behaviour).
    expect(screen.getByRole('dialog').closest('[inert]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(container).not.toHaveAttribute('inert');
  });
});

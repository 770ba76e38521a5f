import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../../../testing/render-with-i18n.tsx';
import { NO_ERRORS } from '../lib/field-errors.ts';
import { HostsEditor } from './hosts-editor.tsx';

describe('HostsEditor: only buttons that can act', () => {
  it('a store with one host shows no disabled "Move up"/"Remove" but says why the host stays', async () => {
    renderWithI18n(<HostsEditor hosts={['shop.example']} onChange={vi.fn()} errors={NO_ERRORS} />);
    expect(await screen.findByLabelText('Canonical host')).toHaveValue('shop.example');
    expect(screen.queryByRole('button', { name: /Move up|Make canonical|Remove/ })).not.toBeInTheDocument();
    expect(screen.getByText(/The store's only host/)).toBeInTheDocument();
  });

  it('with two hosts: the first can be removed, the second made canonical or removed; none disabled', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithI18n(<HostsEditor hosts={['a.example', 'b.example']} onChange={onChange} errors={NO_ERRORS} />);
    await screen.findByLabelText('Canonical host');
    const buttons = screen.getAllByRole('button', { name: /Move up|Make canonical|Remove/ });
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Remove a.example',
      'Make canonical b.example',
      'Remove b.example',
    ]);
    for (const button of buttons) expect(button).toBeEnabled();
    await user.click(buttons[1]!);
    expect(onChange).toHaveBeenLastCalledWith(['b.example', 'a.example']);
    expect(screen.queryByText(/The store's only host/)).not.toBeInTheDocument();
  });
});

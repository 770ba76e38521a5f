import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contrastRatio } from '@trackwell/contracts';
import { toast } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify.ts';
import { createTestI18n, renderWithI18n } from '../../testing/render-with-i18n.tsx';
import Toaster from './toaster.tsx';

afterEach(() => {
  act(() => toast.dismiss());
});

function toastOf(text: string): HTMLElement {
  const element = screen.getByText(text).closest<HTMLElement>('.Toastify__toast');
  if (!element) throw new Error(`no toast around "${text}"`);
  return element;
}

describe('notify + Toaster (spec §2 Toasts, §9)', () => {
  it('shows success green, error red and anything else neutral, top-left, each with a close icon', async () => {
    renderWithI18n(<Toaster />);
    act(() => {
      notify.success('Standard removed.');
      notify.error('Could not save.');
      notify.info('Heads up.');
    });

    expect(await screen.findByText('Standard removed.')).toBeInTheDocument();
    expect(toastOf('Standard removed.')).toHaveClass(
      'Toastify__toast--success',
      'Toastify__toast-theme--colored',
    );
    expect(toastOf('Could not save.')).toHaveClass('Toastify__toast--error');
    expect(toastOf('Heads up.')).toHaveClass('Toastify__toast--default');
    expect(toastOf('Heads up.').closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--top-left',
    );
    expect(
      within(toastOf('Heads up.')).getByRole('button', { name: 'Close notification' }),
    ).toBeInTheDocument();
  });

  it('stays 4 s (its progress bar runs 4000 ms)', async () => {
    renderWithI18n(<Toaster />);
    act(() => notify.success('Saved.'));
    await screen.findByText('Saved.');
    const bar = toastOf('Saved.').querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(bar?.style.animationDuration).toBe('4000ms');
  });

  it('the close icon closes the toast', async () => {
    renderWithI18n(<Toaster />);
    act(() => notify.error('Could not save.'));
    await screen.findByText('Could not save.');
    await userEvent.click(
      within(toastOf('Could not save.')).getByRole('button', { name: 'Close notification' }),
    );
    // The exit animation never ends in jsdom; the toast is marked as leaving.
    expect(toastOf('Could not save.').className).toMatch(/exit/);
  });

  it('shows at most 20 at once', async () => {
    renderWithI18n(<Toaster />);
    act(() => {
      for (let i = 1; i <= 25; i += 1) notify.info(`Notice ${i}`);
    });
    await screen.findByText('Notice 1');
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(20);
  });

  it('mirrors to the top right in a right-to-left page', async () => {
    // The other Arabic namespaces are not needed here: the server has none (404 is not retried).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    const { i18n } = renderWithI18n(<Toaster />);
    i18n.addResourceBundle('ar', 'common', { toast: { close: 'إغلاق الإشعار' } }, true, true);
    await act(() => i18n.changeLanguage('ar'));
    act(() => notify.success('تم الحفظ.'));
    expect((await screen.findByText('تم الحفظ.')).closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--top-right',
    );
  });
});

describe('toast colours and place', () => {
  const css = readFileSync(join(import.meta.dirname, '../../index.css'), 'utf8');
  const variable = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();

  it.each(['success', 'error'])('%s: white text on a colour with at least 4.5:1 (WCAG AA)', (kind) => {
    const background = variable(`--toastify-color-${kind}`)!;
    expect(background).toMatch(/^#[0-9a-f]{6}$/);
    expect(variable(`--toastify-text-color-${kind}`)).toBe('#ffffff');
    expect(contrastRatio(background, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('starts below the header (4.5rem high), not over the logo', () => {
    expect(css).toMatch(/\.tw-header__inner \{[^}]*min-height: 4\.5rem;/);
    expect(variable('--toastify-toast-top')).toBe('calc(4.5rem + 1px + 0.75rem)');
  });

  it('mirrors to the top-right in a right-to-left language', async () => {
    // No locale server here: without the backend the switch is at once (a failed load is retried for ~11 s).
    const { i18n } = renderWithI18n(<Toaster />, createTestI18n('en', undefined, { withBackend: false }));
    await act(() => i18n.changeLanguage('ar'));
    act(() => notify.success('تم.'));
    expect((await screen.findByText('تم.')).closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--top-right',
      'Toastify__toast-container--rtl',
    );
  });
});

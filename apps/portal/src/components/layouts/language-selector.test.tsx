import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureCookieWrites } from '../../testing/cookie-writes.ts';
import { renderWithI18n } from '../../testing/render-with-i18n.tsx';
import { serveLocales } from '../../testing/serve-locales.ts';
import Toaster from '../ui/toaster.tsx';
import { LanguageSelector } from './language-selector.tsx';

afterEach(() => {
  Reflect.deleteProperty(document, 'cookie');
  vi.unstubAllGlobals();
});

beforeEach(serveLocales);

describe('header language selector (spec §2, §4): one preference per person', () => {
  it('signed in: switches the page, writes the cookie and saves the choice to the profile', async () => {
    const writes = captureCookieWrites();
    const saveToProfile = vi.fn(async () => undefined);
    const user = userEvent.setup();
    const { i18n } = renderWithI18n(
      <LanguageSelector languages={['en', 'es', 'ar']} cookieEnv="Dev" saveToProfile={saveToProfile} />,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Español');
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(saveToProfile).toHaveBeenCalledWith('es');
    await waitFor(() =>
      expect(writes).toEqual(['locale_Dev=es; Max-Age=2592000; Path=/; SameSite=None; Secure']),
    );
  });

  it('says so in an error toast, in the new language, when the profile could not be saved; the page keeps it', async () => {
    captureCookieWrites();
    const user = userEvent.setup();
    const { i18n } = renderWithI18n(
      <>
        <LanguageSelector
          languages={['en', 'es']}
          cookieEnv="Dev"
          saveToProfile={() => Promise.reject(new Error('offline'))}
        />
        <Toaster />
      </>,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    expect(
      await screen.findByText(
        'La página está en tu nuevo idioma, pero no se pudo guardar en tu perfil. Vuelve a intentarlo más tarde.',
      ),
    ).toBeInTheDocument();
    expect(i18n.language).toBe('es');
  });

  it('signed out: only the page and the cookie (nothing to save to)', async () => {
    const writes = captureCookieWrites();
    const user = userEvent.setup();
    renderWithI18n(<LanguageSelector languages={['en', 'ar']} cookieEnv="Dev" />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');
    await waitFor(() => expect(writes).toHaveLength(1));
  });
});

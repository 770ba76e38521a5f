import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONSOLE_FORECAST_PATHS,
  CONSOLE_PATHS,
  DEFAULT_FORECAST_RULES,
  type ForecastRules,
  type ForecastRulesAnswer,
} from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from '../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../testing/render-console.tsx';

afterEach(dismissToasts);

const STORES = [{ code: 'acme', name: 'Acme', canonicalHost: 'acme.localhost', hosts: ['acme.localhost'] }];
const PATH = '/admin/stores/acme/forecasts';

/** The console API with the store's rules; PUT stores them as the server does, or answers a 400. */
function rulesApi(refuse?: { path: string; message: string }) {
  let stored: ForecastRulesAnswer = { rules: [], defaults: [...DEFAULT_FORECAST_RULES] };
  const puts: ForecastRules[] = [];
  const api = fakeConsoleApi()
    .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
    .on('GET', CONSOLE_FORECAST_PATHS.rules, () => ({ status: 200, body: stored }))
    .on('PUT', CONSOLE_FORECAST_PATHS.rules, (call) => {
      puts.push(call.body as ForecastRules);
      if (refuse) return { status: 400, body: { message: 'A rule is refused.', issues: [refuse] } };
      stored = { ...stored, rules: (call.body as ForecastRules).rules };
      return { status: 200, body: stored };
    });
  return { api, puts };
}

describe('the review-forecast rules editor', () => {
  it('shows the defaults; an administrator copies ISO’s, changes its years and saves it', async () => {
    const { puts } = rulesApi();
    const user = userEvent.setup();
    renderConsole({ path: PATH, roles: ['store_admin'] });
    expect(await screen.findByRole('heading', { name: 'Review forecasts' })).toBeInTheDocument();
    expect(
      await screen.findByText('This store has no rules of its own: the defaults apply.'),
    ).toBeInTheDocument();
    const defaults = screen.getAllByRole('table')[0]!;
    expect(
      within(defaults).getByText(
        /Reapproval or revision · review after \(years\): 5 · withdrawn after \(years\): 8/,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Change for this store ?\(ISO\)$/ }));
    const years = screen.getByRole('textbox', { name: 'Years to the review in rule 1' });
    await user.clear(years);
    await user.type(years, '3');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Review forecast rules saved.')).toBeInTheDocument();
    expect(puts).toEqual([
      { rules: [{ publisherCode: 'ISO', kind: 'systematic-review', reviewYears: 3, withdrawalYears: null }] },
    ]);
    expect(screen.getByText(/replaced by this store's rule/)).toBeInTheDocument();
  });

  it('marks what it can tell before saving, and the fields a refused save names', async () => {
    const { puts } = rulesApi({ path: 'body.rules.0.publisherCode', message: 'must be a publisher code' });
    const user = userEvent.setup();
    renderConsole({ path: PATH, roles: ['store_admin'] });
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    await user.type(screen.getByRole('textbox', { name: 'Years to the withdrawal in rule 1' }), '4');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Some rules need a change before saving');
    // The refusal moves the focus to its summary a frame later; the administrator goes on from there (typing
    // before the focus moved would lose the keys on a slow machine).
    await waitFor(() => expect(document.activeElement).toContainElement(summary));
    expect(
      screen.getByText('Write the publisher code as the catalogue has it, e.g. ISO.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/more years than the review/)).toBeInTheDocument();
    expect(puts).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Publisher code of rule 1' }), 'X$');
    await user.clear(screen.getByRole('textbox', { name: 'Years to the withdrawal in rule 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('must be a publisher code')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Publisher code of rule 1' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(puts).toHaveLength(1);
  });
});

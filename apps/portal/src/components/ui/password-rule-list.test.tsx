import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../testing/render-with-i18n.tsx';
import { PasswordRuleList, type PasswordRuleState } from './password-rule-list.tsx';

/** One wording with real plurals, each rule visibly ticked off, progress announced politely. */

const rule = (key: PasswordRuleState['key'], count: number, met = false): PasswordRuleState => ({
  key,
  count,
  met,
});

function renderIn(lng: string, rules: PasswordRuleState[]) {
  const common = JSON.parse(
    readFileSync(join(import.meta.dirname, `../../../public/locales/${lng}/common.json`), 'utf8'),
  );
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    defaultNS: 'common',
    resources: { [lng]: { common } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return render(
    <I18nextProvider i18n={instance}>
      <PasswordRuleList id="rules" rules={rules} />
    </I18nextProvider>,
  );
}

const items = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('PasswordRuleList', () => {
  it('English: singular and plural wording, never "1 digits"', () => {
    renderWithI18n(
      <PasswordRuleList
        id="rules"
        rules={[rule('minLength', 8), rule('minNumber', 1), rule('minSymbol', 2), rule('excludeUsername', 0)]}
      />,
    );
    expect(items()).toEqual([
      'at least 8 characters (not yet)',
      'at least one number (not yet)',
      'at least 2 symbols (not yet)',
      'no part of your username (not yet)',
    ]);
  });

  it('ticks each rule off visibly as it is met and says the progress in a polite live region', () => {
    const rules = [rule('minLength', 8, true), rule('minNumber', 1), rule('excludeUsername', 0, true)];
    renderWithI18n(<PasswordRuleList id="rules" rules={rules} />);
    const list = screen.getAllByRole('listitem');
    expect(list.map((li) => li.classList.contains('tw-password-rule--met'))).toEqual([true, false, true]);
    // A tick mark (two shapes: circle and check) for a met rule, an empty circle otherwise.
    expect(list[0]!.querySelector('svg path')).not.toBeNull();
    expect(list[1]!.querySelector('svg path')).toBeNull();
    expect(items()[0]).toBe('at least 8 characters (done)');
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Rules met: 2 of 3');
    expect(within(document.getElementById('rules')!).getByText('Your new password needs:')).toBeVisible();
  });

  it('Arabic: the number agrees with the count (one, two, few, many), never "1 أرقام"', () => {
    renderIn('ar', [rule('minNumber', 1), rule('minNumber', 2), rule('minLength', 8), rule('minSymbol', 12)]);
    const texts = items().map((text) => text?.replace(/\s*\(.*\)\s*$/, ''));
    expect(texts).toEqual(['رقم واحد على الأقل', 'رقمان على الأقل', '8 أحرف على الأقل', '12 رمزًا على الأقل']);
    expect(texts.join(' ')).not.toContain('1 أرقام');
  });

  it('Russian: one, few and many forms', () => {
    renderIn('ru', [rule('minLength', 1), rule('minLength', 3), rule('minLength', 8)]);
    expect(items().map((text) => text?.replace(/\s*\(.*\)\s*$/, ''))).toEqual([
      'не менее 1 символа',
      'не менее 3 символов',
      'не менее 8 символов',
    ]);
  });
});

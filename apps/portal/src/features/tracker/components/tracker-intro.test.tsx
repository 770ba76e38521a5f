import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestI18n, renderWithI18n } from '../../../testing/render-with-i18n.tsx';
import { TrackerIntro, toParagraphs } from './tracker-intro.tsx';

const ENGLISH = 'Follow the standards you rely on.\n\nWe e-mail you when they change.';
const BY_LANGUAGE = { ar: 'تابع المعايير التي تعتمد عليها.\n\nنرسل إليك بريدًا عند تغييرها.' };

describe('TrackerIntro: the store text in the reader’s language', () => {
  it('shows the Arabic paragraphs on an Arabic page, marked Arabic and right to left', () => {
    renderWithI18n(<TrackerIntro text={ENGLISH} byLanguage={BY_LANGUAGE} />, createTestI18n('ar'));

    const first = screen.getByText('تابع المعايير التي تعتمد عليها.');
    expect(first).toHaveAttribute('lang', 'ar');
    expect(first).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('نرسل إليك بريدًا عند تغييرها.')).toBeInTheDocument();
    expect(screen.queryByText(/Follow the standards/)).not.toBeInTheDocument();
  });

  it("falls back to the store's default-language text, marked as that language, left to right", () => {
    renderWithI18n(
      <TrackerIntro text={ENGLISH} byLanguage={BY_LANGUAGE} defaultLanguage="en" />,
      createTestI18n('ja'),
    );

    const first = screen.getByText('Follow the standards you rely on.');
    expect(first).toHaveAttribute('lang', 'en');
    expect(first).toHaveAttribute('dir', 'ltr');
  });

  it('marks a Spanish default text as Spanish for an English reader when the store wrote no English', () => {
    renderWithI18n(
      <TrackerIntro text="Siga las normas." byLanguage={{ ar: 'تابع' }} defaultLanguage="es_ES" />,
      createTestI18n('en'),
    );
    expect(screen.getByText('Siga las normas.')).toHaveAttribute('lang', 'es-ES');
  });
});

describe('toParagraphs', () => {
  it('splits at blank lines, trims, and drops empty paragraphs', () => {
    expect(toParagraphs('  One.\n\nTwo\nlines.\r\n \r\nThree.\n\n\n')).toEqual([
      'One.',
      'Two\nlines.',
      'Three.',
    ]);
  });

  it('gives nothing for blank text', () => {
    expect(toParagraphs(' \n\n ')).toEqual([]);
  });
});

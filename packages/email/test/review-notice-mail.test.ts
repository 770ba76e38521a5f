import { SUPPORTED_LANGUAGES as LANGUAGES } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { renderReviewNoticeMail } from '../src/review-notice-mail.ts';

/**
 * The review notices (a reminder to the assignee, the overdue notice to the owners) in every language: the
 * designation, list and organisation in subject or body, the review's link, the due date written in the
 * language; Arabic right to left with its values isolated.
 */
const mail = {
  tenantName: 'Trackwell',
  organisation: 'Acme <Quality>',
  list: 'Suppliers',
  designation: 'ISO 9001:2026',
  dueAt: new Date('2026-12-29T10:00:00Z'),
  link: 'https://trackwell.example/organisations/o-1/reviews/7',
};

describe('review notice e-mails', () => {
  for (const language of LANGUAGES)
    it(`${language}: reminder and overdue notice name the review and link to it`, () => {
      for (const kind of ['reminder', 'overdue'] as const) {
        const m = renderReviewNoticeMail(language, { ...mail, kind });
        expect(m.subject).toContain('ISO 9001:2026');
        expect(m.text).toContain('Suppliers');
        expect(m.text).toContain(mail.link);
        expect(m.html).toContain('Acme &lt;Quality&gt;');
        expect(m.html).not.toContain('<Quality>');
      }
    });

  it('Arabic is right to left, its values isolated, the date in Arabic', () => {
    const m = renderReviewNoticeMail('ar', { ...mail, kind: 'reminder' });
    expect(m.html).toContain('dir="rtl"');
    expect(m.html).toContain('<bdi>Suppliers</bdi>');
    expect(m.text).toContain('\u2068Suppliers\u2069');
    expect(m.text).toContain(
      new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(mail.dueAt),
    );
  });
});

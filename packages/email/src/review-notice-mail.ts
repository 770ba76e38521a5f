import { type Language, RTL_LANGUAGES } from '@trackwell/contracts';
import { escapeHtml, fillHtml, fillText } from './bidi.ts';
import { REVIEW_NOTICE_STRINGS } from './review-notice-strings.ts';

/** A review notice's facts; `link` is the review's page on the store's canonical origin. */
export interface ReviewNoticeMail {
  kind: 'reminder' | 'overdue';
  tenantName: string;
  organisation: string;
  list: string;
  designation: string;
  dueAt: Date;
  link: string;
}

/**
 * A review reminder (to the assignee) or overdue notice (to the owners) in the recipient's language: plain
 * text plus a small HTML part with the language's `lang` and `dir`; names and designations isolated, the due
 * date written in the language.
 */
export function renderReviewNoticeMail(language: Language, mail: ReviewNoticeMail) {
  const s = REVIEW_NOTICE_STRINGS[language];
  const due = new Intl.DateTimeFormat(language.replace('_', '-'), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(mail.dueAt);
  const values = {
    tenant: mail.tenantName,
    organisation: mail.organisation,
    list: mail.list,
    designation: mail.designation,
    due,
  };
  const [subjectOf, bodyOf] =
    mail.kind === 'reminder' ? [s.reminderSubject, s.reminderBody] : [s.overdueSubject, s.overdueBody];
  const subject = fillText(language, subjectOf, values);
  const text = [s.greeting, fillText(language, bodyOf, values), `${s.action} ${mail.link}`].join('\n\n');
  const dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
  const link = `<a href="${escapeHtml(mail.link)}" dir="ltr">${escapeHtml(mail.link)}</a>`;
  const html = `<!doctype html>
<html lang="${language.replace('_', '-')}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5">
<p>${escapeHtml(s.greeting)}</p>
<p>${fillHtml(bodyOf, values)}</p>
<p>${escapeHtml(s.action)}<br>${link}</p>
</body>
</html>
`;
  return { subject, text: `${text}\n`, html };
}

import { type Language, type OrganisationRole, RTL_LANGUAGES } from '@trackwell/contracts';
import { escapeHtml, fillHtml, fillText } from './bidi.ts';
import { ORGANISATION_INVITE_STRINGS } from './organisation-invite-strings.ts';

/** The invitation's facts; `link` is built by the caller from the store's canonical origin. */
export interface OrganisationInviteMail {
  tenantName: string;
  organisation: string;
  inviter: string;
  role: OrganisationRole;
  link: string;
}

/**
 * An organisation's invitation in the invitee's language: plain text plus a small HTML part whose `lang` and
 * `dir` are the language's. The organisation's, the inviter's and the store's names are isolated (a <bdi>; in
 * a right-to-left text part, FSI…PDI), so a Latin name keeps its place in an Arabic sentence.
 */
export function renderOrganisationInviteMail(language: Language, mail: OrganisationInviteMail) {
  const s = ORGANISATION_INVITE_STRINGS[language];
  const values = {
    tenant: mail.tenantName,
    organisation: mail.organisation,
    inviter: mail.inviter,
    role: s.roles[mail.role],
  };
  const subject = fillText(language, s.subject, values);
  const body = [s.greeting, fillText(language, s.body, values), `${s.action} ${mail.link}`, s.expiry];
  const dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
  const link = `<a href="${escapeHtml(mail.link)}" dir="ltr">${escapeHtml(mail.link)}</a>`;
  const html = `<!doctype html>
<html lang="${language.replace('_', '-')}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5">
<p>${escapeHtml(s.greeting)}</p>
<p>${fillHtml(s.body, values)}</p>
<p>${escapeHtml(s.action)}<br>${link}</p>
<p>${escapeHtml(s.expiry)}</p>
</body>
</html>
`;
  return { subject, text: `${body.join('\n\n')}\n`, html };
}

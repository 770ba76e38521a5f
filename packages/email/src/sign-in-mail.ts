import { type ConsoleRoleName, type Language, RTL_LANGUAGES } from '@trackwell/contracts';
import { ACTIVATION_STRINGS } from './activation-strings.ts';
import { fillText } from './bidi.ts';
import { INVITE_STRINGS } from './invite-strings.ts';
import { REGISTRATION_STRINGS } from './registration-strings.ts';
import { SIGN_IN_STRINGS } from './sign-in-strings.ts';
import { fill } from './strings.ts';

/**
 * The identity provider's sign-in e-mails ("the language follows the person"): a one-time code,
 * a push approval link, a password reset or unlock link, an activation link, a registration's code or notice, in
 * the person's language. Each is plain text plus a small HTML part whose `lang` and `dir` are the language's (Arabic reads right to left). Links are built by
 * the caller from the store's canonical origin and already carry the language (`?lang=`).
 */
export type SignInMail =
  | { kind: 'code'; code: string; minutes: number }
  | { kind: 'push'; ip: string; link: string; minutes: number }
  | { kind: 'reset' | 'unlock'; link: string; token: string }
  /** The Users API's activation: an account made for someone, whose first password this link sets (7 days). */
  | { kind: 'activate'; link: string; token: string }
  /** The console's invitation: a new account's first password, chosen through a reset link. */
  | { kind: 'invite'; link: string; inviter: string; role: ConsoleRoleName }
  /** Self-registration: a new address's verification code; an existing account's owner's notice. */
  | { kind: 'register-code'; code: string; minutes: number }
  | { kind: 'register-exists'; link: string };

export interface RenderedSignInMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** A paragraph: text, or text followed by a link (shown as its own address, so it can be copied). */
type Paragraph = { text: string; link?: string };

type Fill = (template: string, more?: Record<string, string>) => string;

/**
 * Each kind's subject and paragraphs, in `language`; `f` fills the person's and the store's names in, `fs` the
 * same for the Subject line, each value isolated in a right-to-left language (bidi.ts).
 */
function contentOf(
  language: Language,
  mail: SignInMail,
  f: Fill,
  fs: Fill,
): { subject: string; paragraphs: Paragraph[] } {
  const s = SIGN_IN_STRINGS[language];
  let subject: string;
  let paragraphs: Paragraph[];
  switch (mail.kind) {
    case 'code': {
      const more = { code: mail.code, minutes: String(mail.minutes) };
      subject = fs(s.codeSubject, more);
      paragraphs = [{ text: f(s.codeBody, more) }, { text: f(s.codeExpiry, more) }];
      break;
    }
    case 'push': {
      const more = { ip: mail.ip, minutes: String(mail.minutes) };
      subject = fs(s.pushSubject);
      paragraphs = [
        { text: f(s.pushBody, more) },
        { text: s.pushAction, link: mail.link },
        { text: f(s.pushExpiry, more) },
      ];
      break;
    }
    case 'invite': {
      const invite = INVITE_STRINGS[language];
      const more = { inviter: mail.inviter, role: invite.roles[mail.role] };
      subject = fs(invite.subject);
      paragraphs = [
        { text: f(invite.body, more) },
        { text: invite.action, link: mail.link },
        { text: invite.expiry },
      ];
      break;
    }
    case 'activate': {
      const activation = ACTIVATION_STRINGS[language];
      subject = fs(activation.subject);
      paragraphs = [
        { text: f(activation.body) },
        { text: activation.action, link: mail.link },
        { text: `${s.recoveryToken} ${mail.token}` },
        { text: activation.expiry },
      ];
      break;
    }
    case 'register-code': {
      const r = REGISTRATION_STRINGS[language];
      const more = { code: mail.code, minutes: String(mail.minutes) };
      subject = fs(r.codeSubject, more);
      paragraphs = [{ text: f(r.codeBody, more) }, { text: f(r.codeExpiry, more) }];
      break;
    }
    case 'register-exists': {
      const r = REGISTRATION_STRINGS[language];
      subject = fs(r.existsSubject);
      paragraphs = [{ text: f(r.existsBody) }, { text: r.existsAction, link: mail.link }];
      break;
    }
    default:
      subject = fs(mail.kind === 'reset' ? s.resetSubject : s.unlockSubject);
      paragraphs = [
        { text: mail.kind === 'reset' ? s.resetBody : s.unlockBody, link: mail.link },
        { text: `${s.recoveryToken} ${mail.token}` },
        { text: s.recoveryExpiry },
      ];
  }
  return { subject, paragraphs };
}

export function renderSignInMail(
  language: Language,
  mail: SignInMail,
  person: { tenantName: string; firstName: string },
): RenderedSignInMail {
  const values = { tenant: person.tenantName, name: person.firstName };
  const f: Fill = (template, more = {}) => fill(template, { ...values, ...more });
  const fs: Fill = (template, more = {}) => fillText(language, template, { ...values, ...more });
  const { subject, paragraphs } = contentOf(language, mail, f, fs);
  paragraphs.unshift({ text: f(SIGN_IN_STRINGS[language].greeting) });
  const text = `${paragraphs.map((p) => (p.link ? `${p.text} ${p.link}` : p.text)).join('\n\n')}\n`;
  const dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${language.replace('_', '-')}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5">
${paragraphs
  .map(
    (p) =>
      `<p>${escapeHtml(p.text)}${p.link ? `<br><a href="${escapeHtml(p.link)}" dir="ltr">${escapeHtml(p.link)}</a>` : ''}</p>`,
  )
  .join('\n')}
</body>
</html>
`;
  return { subject, text, html };
}

import type { Language, NotificationChange } from '@trackwell/contracts';
import { escapeHtml, fillHtml, fillText } from './bidi.ts';
import type { EmailBranding } from './branding.ts';
import { color } from './notification-mjml.ts';
import { SUCCESSOR_STRINGS } from './successor-strings.ts';

/**
 * A replacement's per-recipient part, in the change e-mail and in a digest's entry: "You now
 * track <new> instead of <old>." for a user the publish moved, else the button to the recipient's signed
 * link (an <a> drawn as a button). Nothing for a change that replaces nothing or a recipient who does not
 * track the replaced standard.
 */
export type SuccessorChoice = { followed: true } | { followed: false; url: string };

export function successorPart(
  language: Language,
  branding: EmailBranding,
  change: NotificationChange,
  choice: SuccessorChoice | undefined,
): { html: string; text: string } {
  const pair = change.successor;
  if (!pair || !choice) return { html: '', text: '' };
  const s = SUCCESSOR_STRINGS[language];
  const names = { old: pair.from.designation, new: pair.to.designation };
  if (choice.followed) {
    const done = fillText(language, s.nowTracking, names);
    return { html: `<strong>${fillHtml(s.nowTracking, names)}</strong>`, text: `${done}\n\n` };
  }
  const k = branding.colors;
  return {
    html: `<a href="${escapeHtml(choice.url)}" style="display:inline-block;background:${color(k.primary)};color:${color(k.primaryContrast)};padding:10px 20px;border-radius:4px;text-decoration:none;font-weight:600">${fillHtml(s.trackInstead, names)}</a>`,
    text: `${fillText(language, s.trackInstead, names)}: ${choice.url}\n\n`,
  };
}

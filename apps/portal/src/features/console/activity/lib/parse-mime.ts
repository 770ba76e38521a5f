/**
 * What the console shows of a sent e-mail beside its HTML part: its headers and its text part. The HTML part
 * itself is shown from its own URL (the message's `htmlUrl`, parsed and served by the server with a CSP of its
 * own): here only whether there is one.
 */
export type ParsedMessage = {
  subject: string;
  from: string;
  to: string;
  date: string;
  headers: Array<{ key: string; value: string }>;
  hasHtml: boolean;
  text: string | null;
};

type Address = { name?: string; address?: string };
const addressText = (a: Address | undefined) =>
  a ? (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? '')) : '';

/** Parses the MIME message as it was handed to SMTP (postal-mime, loaded only when an e-mail is opened). */
export async function parseMime(mime: string): Promise<ParsedMessage> {
  const { default: PostalMime } = await import('postal-mime');
  const email = await PostalMime.parse(mime);
  return {
    subject: email.subject ?? '',
    from: addressText(email.from),
    to: (email.to ?? []).map(addressText).join(', '),
    date: email.date ?? '',
    headers: email.headers.map((h) => ({ key: h.key, value: h.value })),
    hasHtml: Boolean(email.html?.trim()),
    text: email.text ?? null,
  };
}

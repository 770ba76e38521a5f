/** The parts of a sent e-mail the console shows: its headers, the HTML part and the text part. */
export type ParsedMessage = {
  subject: string;
  from: string;
  to: string;
  date: string;
  headers: Array<{ key: string; value: string }>;
  html: string | null;
  text: string | null;
};

type Address = { name?: string; address?: string };
const addressText = (a: Address | undefined) =>
  a ? (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? '')) : '';

/**
 * Parses the MIME message as it was handed to SMTP (postal-mime, loaded only when an e-mail is opened).
 * Inline images referenced as `cid:` are given as data URIs, so the HTML shows what the recipient saw.
 */
export async function parseMime(mime: string): Promise<ParsedMessage> {
  const { default: PostalMime } = await import('postal-mime');
  const email = await PostalMime.parse(mime, { attachmentEncoding: 'base64' });
  let html = email.html ?? null;
  for (const part of email.attachments) {
    const cid = part.contentId?.replace(/^<|>$/g, '');
    if (html && cid && typeof part.content === 'string')
      html = html.replaceAll(`cid:${cid}`, `data:${part.mimeType};base64,${part.content}`);
  }
  return {
    subject: email.subject ?? '',
    from: addressText(email.from),
    to: (email.to ?? []).map(addressText).join(', '),
    date: email.date ?? '',
    headers: email.headers.map((h) => ({ key: h.key, value: h.value })),
    html,
    text: email.text ?? null,
  };
}

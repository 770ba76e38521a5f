import type { SqlExecutor } from '../client.ts';

/** Messages received by the local SMTP sink: written by the sink, read by the dev inbox API and tests. */

export interface MailMessage {
  id: number;
  messageId: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  receivedAt: Date;
}

export type NewMailMessage = Omit<MailMessage, 'id' | 'receivedAt'>;

type Row = {
  id: number;
  message_id: string | null;
  mail_from: string;
  rcpt_to: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string>;
  received_at: Date;
};
const toMessage = (r: Row): MailMessage => ({
  id: r.id,
  messageId: r.message_id,
  from: r.mail_from,
  to: r.rcpt_to,
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
  headers: r.headers,
  receivedAt: r.received_at,
});

export async function insertMailMessage(db: SqlExecutor, m: NewMailMessage): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO mail_messages (message_id, mail_from, rcpt_to, subject, text_body, html_body, headers)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [m.messageId, m.from, m.to, m.subject, m.text, m.html, JSON.stringify(m.headers)],
  );
  return rows[0]?.id as number;
}

/** Newest first; `to` matches a recipient exactly (case-insensitive), `q` a substring of subject or text. */
export async function listMailMessages(
  db: SqlExecutor,
  filter: { to?: string | undefined; q?: string | undefined; limit?: number },
): Promise<MailMessage[]> {
  const { rows } = await db.query<Row>(
    `SELECT * FROM mail_messages
      WHERE ($1::text IS NULL OR lower($1) = ANY (SELECT lower(x) FROM unnest(rcpt_to) x))
        AND ($2::text IS NULL OR strpos(lower(subject || ' ' || text_body), lower($2)) > 0)
      ORDER BY received_at DESC, id DESC LIMIT $3`,
    [filter.to ?? null, filter.q ?? null, filter.limit ?? 50],
  );
  return rows.map(toMessage);
}

export async function getMailMessage(db: SqlExecutor, id: number): Promise<MailMessage | undefined> {
  const { rows } = await db.query<Row>('SELECT * FROM mail_messages WHERE id = $1', [id]);
  return rows[0] && toMessage(rows[0]);
}

import type { SqlExecutor } from '../client.ts';

/**
 * Messages received by the local SMTP sink: written by the sink, read (and deleted) by the dev inbox (JSON
 * API and web page) and tests. Every header is kept, in the message's order. A message whose Message-ID
 * and recipients equal a stored one's is a redelivery (at-least-once sending after a crash) and is not
 * stored again (`mail_messages_message_id_key`, migration 0006), as a mailbox shows it once.
 */

export interface MailHeader {
  key: string;
  value: string;
}

export interface MailMessage {
  id: number;
  messageId: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  headers: MailHeader[];
  receivedAt: Date;
}

export type NewMailMessage = Omit<MailMessage, 'id' | 'receivedAt'>;

type Row = {
  id: number | string;
  message_id: string | null;
  mail_from: string;
  rcpt_to: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: MailHeader[] | Record<string, string>;
  received_at: Date;
};
const toMessage = (r: Row): MailMessage => ({
  id: Number(r.id),
  messageId: r.message_id,
  from: r.mail_from,
  to: r.rcpt_to,
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
  headers: Array.isArray(r.headers)
    ? r.headers
    : Object.entries(r.headers ?? {}).map(([key, value]) => ({ key, value: String(value) })),
  receivedAt: r.received_at,
});

/** Stores a received message; `undefined` when it is a redelivery (same Message-ID and recipients). */
export async function insertMailMessage(db: SqlExecutor, m: NewMailMessage): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number | string }>(
    `INSERT INTO mail_messages (message_id, mail_from, rcpt_to, subject, text_body, html_body, headers)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (message_id, rcpt_to) WHERE message_id IS NOT NULL DO NOTHING
     RETURNING id`,
    [m.messageId, m.from, m.to, m.subject, m.text, m.html, JSON.stringify(m.headers)],
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

export interface MailFilter {
  /** A recipient address, exact and case-insensitive. */
  to?: string | undefined;
  /** A substring (case-insensitive) of the subject, plain text, sender or a recipient. */
  q?: string | undefined;
  limit?: number;
}

/** Newest first. */
export async function listMailMessages(db: SqlExecutor, filter: MailFilter): Promise<MailMessage[]> {
  const { rows } = await db.query<Row>(
    `SELECT * FROM mail_messages
      WHERE ($1::text IS NULL OR lower($1) = ANY (SELECT lower(x) FROM unnest(rcpt_to) x))
        AND ($2::text IS NULL OR strpos(lower(subject || ' ' || text_body || ' ' || mail_from || ' ' ||
                                               array_to_string(rcpt_to, ' ')), lower($2)) > 0)
      ORDER BY received_at DESC, id DESC LIMIT $3`,
    [filter.to || null, filter.q || null, filter.limit ?? 50],
  );
  return rows.map(toMessage);
}

/** How many messages the sink holds. */
export async function countMailMessages(db: SqlExecutor): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_messages');
  return rows[0]?.n ?? 0;
}

export async function getMailMessage(db: SqlExecutor, id: number): Promise<MailMessage | undefined> {
  const { rows } = await db.query<Row>('SELECT * FROM mail_messages WHERE id = $1', [id]);
  return rows[0] && toMessage(rows[0]);
}

/** Deletes one message; false when there was none. */
export async function deleteMailMessage(db: SqlExecutor, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM mail_messages WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** Empties the inbox; returns how many messages were deleted. */
export async function deleteAllMailMessages(db: SqlExecutor): Promise<number> {
  const { rows } = await db.query('DELETE FROM mail_messages RETURNING id');
  return rows.length;
}

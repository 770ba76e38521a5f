import { changeTitleIn, type Language } from '@trackwell/contracts';
import type { UserNotificationRow } from '@trackwell/db';
import {
  changeRows,
  EMAIL_STRINGS,
  escapeHtml,
  fill,
  linesHtml,
  notificationSubject,
  reasonTemplate,
} from '@trackwell/email';

/**
 * The private Atom 1.0 feed of a user's notifications: the same items as the notification
 * centre, each titled and described as its e-mail is (what changed, old → new; why), in the reader's
 * language; the standard's title is the one in that language where the catalogue has it (`changeTitleIn`). Every URL is absolute, from the store's canonical origin (configuration), never the request.
 */
export interface AtomFeedInput {
  language: Language;
  storeName: string;
  /** The store's canonical origin, e.g. `https://shop.example`. */
  origin: string;
  /** The store's public standard pages: `<publicURL><assetId>.html`, relative to the origin. */
  publicURL: string;
  /** This feed's own absolute URL (its id and rel="self"). */
  selfUrl: string;
  notifications: UserNotificationRow[];
}

/** The entry's body: the rows of what changed (old → new), then why (each matched tracking, a sentence). */
function entryHtml(language: Language, n: UserNotificationRow): string {
  const t = EMAIL_STRINGS[language];
  const e = escapeHtml;
  const rows = changeRows(t, n.change)
    .map(([label, value]) => `<li>${e(label)}: ${e(value)}</li>`)
    .join('');
  const why = n.reasons
    .map((r) => {
      const { template, values } = reasonTemplate(language, t.reason, r, n.change.kind);
      return `<li>${e(fill(template, values))}</li>`;
    })
    .join('');
  const title = changeTitleIn(language, n.change);
  const heading = title ? `<p>${e(title)}</p>` : '';
  // the publisher's words and the comparison link, as the e-mail has them
  const summary = n.change.summary ? `<p>${linesHtml(n.change.summary)}</p>` : '';
  const compare = n.change.compareUrl
    ? `<p><a href="${e(n.change.compareUrl)}">${e(t.compareVersions)}</a></p>`
    : '';
  return `${heading}${summary}<ul>${rows}</ul>${compare}<ul>${why}</ul>`;
}

/** The feed as Atom XML (the `feed` library, with its XML writer, loaded by the first feed read). */
export async function renderAtomFeed(input: AtomFeedInput): Promise<string> {
  const { Feed } = await import('feed');
  const host = new URL(input.origin).host;
  const trackerUrl = new URL('/', input.origin).toString();
  const feed = new Feed({
    id: input.selfUrl,
    title: input.storeName,
    link: trackerUrl,
    language: input.language,
    updated: input.notifications[0]?.createdAt ?? new Date(0),
    generator: 'Trackwell',
    feedLinks: { atom: input.selfUrl },
    author: { name: input.storeName, link: trackerUrl },
    copyright: input.storeName,
  });
  for (const n of input.notifications) {
    const standard = n.change.standard;
    const subject = notificationSubject(input.language, n.change);
    const title = changeTitleIn(input.language, n.change);
    feed.addItem({
      id: `tag:${host},2026:notification:${n.id}`,
      title: title ? `${subject} — ${title}` : subject,
      link: standard
        ? new URL(`${input.publicURL}${encodeURIComponent(standard.assetId)}.html`, input.origin).toString()
        : trackerUrl,
      date: n.createdAt,
      published: n.occurredAt,
      content: entryHtml(input.language, n),
    });
  }
  return feed.atom1();
}

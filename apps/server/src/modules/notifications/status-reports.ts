import { type Language, MONTHLY_STATUS_MAX_ROWS } from '@trackwell/contracts';
import { type ClaimedDigest, type DatabaseHandle, loadListStatus } from '@trackwell/db';
import { type CompiledStatusReport, compileStatusReport } from '@trackwell/email';
import { frameCache, frameLinks } from './frame-cache.ts';
import type { StoreMail } from './mail-content.ts';

/**
 * The monthly "status of your list" report's message, for a claimed notification_digests row
 * of kind 'status' (the digest run claims, sends and marks it: digests.ts). The list is read when the
 * report is sent, so it says how the list stands then; at most MONTHLY_STATUS_MAX_ROWS standards, then
 * "and N more" with the tracker's link.
 */
export function statusReportMessages(db: DatabaseHandle) {
  const frames = frameCache<CompiledStatusReport>();
  const frame = (tenantId: string, language: Language, store: StoreMail) =>
    frames(`${tenantId}:${language}`, () =>
      compileStatusReport({ language, branding: store.branding, links: frameLinks(store) }),
    );

  /** The report of `d` in `language`, with the list as it stands now. */
  return async function render(
    d: ClaimedDigest,
    store: StoreMail,
    language: Language,
    unsubscribeUrl: string,
  ) {
    const list = await loadListStatus(db, d, MONTHLY_STATUS_MAX_ROWS);
    const standardUrl = (assetId: string) =>
      new URL(`${store.publicURL}${encodeURIComponent(assetId)}.html`, store.origin).toString();
    return (await frame(d.tenantId, language, store)).render({
      name: `${d.firstName} ${d.lastName}`.trim(),
      unsubscribeUrl,
      list: { ...list, standards: list.standards.map((s) => ({ ...s, url: standardUrl(s.assetId) })) },
    });
  };
}

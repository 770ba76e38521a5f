import { ACCOUNT_PREFERENCES_PATH, type Language, MONTHLY_STATUS_MAX_ROWS } from '@trackwell/contracts';
import { type ClaimedDigest, type DatabaseHandle, loadListStatus } from '@trackwell/db';
import { type CompiledStatusReport, compileStatusReport } from '@trackwell/email';
import type { StoreMail } from './mail-content.ts';

/**
 * Issue 16 §1: the monthly "status of your list" report's message, for a claimed notification_digests row
 * of kind 'status' (the digest run claims, sends and marks it: digests.ts). The list is read when the
 * report is sent, so it says how the list stands then; at most MONTHLY_STATUS_MAX_ROWS standards, then
 * "and N more" with the tracker's link.
 */
export function statusReportMessages(db: DatabaseHandle) {
  const compiled = new Map<string, Promise<CompiledStatusReport>>();

  function frame(tenantId: string, language: Language, store: StoreMail) {
    const key = `${tenantId}:${language}`;
    let m = compiled.get(key);
    if (!m) {
      if (compiled.size > 500) compiled.clear();
      m = compileStatusReport({
        language,
        branding: store.branding,
        links: {
          trackerUrl: new URL('/', store.origin).toString(),
          preferencesUrl: new URL(ACCOUNT_PREFERENCES_PATH, store.origin).toString(),
        },
      });
      compiled.set(key, m);
      m.catch(() => compiled.delete(key));
    }
    return m;
  }

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

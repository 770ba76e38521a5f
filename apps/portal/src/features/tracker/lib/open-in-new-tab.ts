/**
 * Opens a URL that is known only after a call, in a new tab, without the popup blocker stopping it: the tab is
 * opened synchronously, inside the click, and sent to the URL once it is known (spec §2 resolver click).
 * The new tab cannot reach back to this page (opener cleared). Only http(s) URLs are followed; if the call fails
 * or answers anything else, the empty tab is closed again.
 */
export async function openInNewTab(resolveUrl: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  let url: URL | undefined;
  try {
    url = new URL(await resolveUrl(), window.location.origin);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    tab?.close();
    return;
  }
  if (tab) tab.location.href = url.href;
  else window.open(url.href, '_blank', 'noopener,noreferrer');
}

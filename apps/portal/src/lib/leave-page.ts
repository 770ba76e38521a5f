/** Navigates the whole page to another URL (another app: the login page, the identity provider). */
export function leavePage(url: string): void {
  window.location.assign(url);
}

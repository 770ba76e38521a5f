/**
 * This browser's sign-in options per user ("auto-push and remember-device options"): the
 * checkboxes start from what the user chose last time here. The SDK reads them through callbacks on every
 * verify and poll; a callback that throws (storage blocked or full) is the SDK's own error, shown as the spec
 * words it (§8): 'AutoPush resulted in an error.' / 'RememberDevice resulted in an error.'
 */
export type DevicePreference = 'autoPush' | 'rememberDevice';

const storageKey = (login: string, name: DevicePreference) =>
  `trackwell:signin:${name}:${login.trim().toLowerCase()}`;

/** The saved choice (false when none, or when storage cannot be read). */
export function readPreference(login: string, name: DevicePreference): boolean {
  try {
    return window.localStorage.getItem(storageKey(login, name)) === 'true';
  } catch {
    return false;
  }
}

/** Saves the choice; throws when storage refuses it (the SDK turns that into its callback error). */
export function savePreference(login: string, name: DevicePreference, value: boolean): void {
  if (value) window.localStorage.setItem(storageKey(login, name), 'true');
  else window.localStorage.removeItem(storageKey(login, name));
}

/** The callback the SDK calls for an option: saves the current choice, then answers it. */
export function preferenceCallback(login: string, name: DevicePreference, current: () => boolean) {
  return () => {
    const value = current();
    savePreference(login, name, value);
    return value;
  };
}

/**
 * Records what the page writes to `document.cookie` (jsdom keeps no Secure cookie on http://), reading as
 * empty. Undo with `Reflect.deleteProperty(document, 'cookie')`.
 */
export function captureCookieWrites(): string[] {
  const writes: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => '',
    set: (value: string) => writes.push(value),
  });
  return writes;
}

import { decodeHTMLStrict } from 'entities';

/**
 * What an STS file's DOCTYPE may bring, and what it may not. Real files name their DTD
 * (`<!DOCTYPE standard SYSTEM "ISOSTS.dtd">`) and use its named character entities (`&mdash;`, `&Eacute;`).
 * Nothing is ever fetched: the DTD is not read, so the names are decoded from the HTML/ISO 8879 sets the STS
 * DTDs include (the `entities` package's table). An internal subset that declares entities is refused: what it
 * declares is never expanded, so neither external entities (XXE) nor entity bombs get anywhere.
 */

/** Why a DOCTYPE is refused, or undefined when it only names its DTD. */
export function doctypeRefusal(doctype: string): string | undefined {
  if (/<!ENTITY/i.test(doctype))
    return 'the DOCTYPE declares entities in an internal subset: such declarations are never expanded';
  return undefined;
}

const XML_FIVE: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /^[A-Za-z][A-Za-z0-9]{0,31}$/;

/**
 * The entity table for saxes (its `ENTITIES`): XML's five, then any HTML/ISO named character reference, looked
 * up when the parser meets it. An unknown name answers undefined, and saxes reports it as malformed XML.
 */
export const NAMED_CHARACTER_ENTITIES: Record<string, string> = new Proxy(XML_FIVE, {
  get(five, name) {
    if (typeof name !== 'string') return undefined;
    if (Object.hasOwn(five, name)) return five[name];
    if (!NAME.test(name)) return undefined;
    const reference = `&${name};`;
    const decoded = decodeHTMLStrict(reference);
    return decoded === reference ? undefined : decoded;
  },
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { ALL_TRANSLATION_NAMESPACES as TRANSLATION_NAMESPACES } from '../testing/english.ts';

const localesDir = join(import.meta.dirname, '../../public/locales');

/**
 * Values that may read the same as English in a given language because they genuinely are the same
 * (a brand, a code, a loan word). Format: `${language}:${key}` for the shell's namespace (common),
 * `${language}:${namespace}:${key}` for the others. Keep it short and justified.
 */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>([
  // The organisation area: "Organisation(s)", "Actions", "Invitation(s)" are the French words; "E-mail" the
  // French (France), Italian and Portuguese one; "Name" the German one; "Editor" the Spanish, Italian and
  // Portuguese one; "Password" the Italian one.
  'fr_CA:userMenu.organisations',
  'fr_FR:userMenu.organisations',
  'fr_CA:organisations:reviews.note',
  'fr_FR:organisations:reviews.note',
  'de:organisations:reviews.status',
  'fr_CA:organisations:title',
  'fr_CA:organisations:members.actions',
  'fr_CA:organisations:invitations.title',
  'fr_CA:organisations:accept.title',
  'fr_FR:organisations:title',
  'fr_FR:organisations:members.actions',
  'fr_FR:organisations:invitations.title',
  'fr_FR:organisations:accept.title',
  'fr_FR:organisations:members.email',
  'it:organisations:members.email',
  'pt:organisations:members.email',
  'de:organisations:create.name',
  'de:organisations:members.name',
  'es:organisations:role.editor',
  'es_ES:organisations:role.editor',
  'it:organisations:role.editor',
  'pt:organisations:role.editor',
  'it:organisations:accept.password',
  'fr_CA:console:nav.organisations',
  'fr_FR:console:nav.organisations',
  'fr_CA:console-activity:organisations.title',
  'fr_FR:console-activity:organisations.title',
  'fr_CA:console-activity:organisations.detailTitle',
  'fr_FR:console-activity:organisations.detailTitle',
  'de:console-activity:organisations.detailTitle',
  // "Notifications" and "Date" are the French words too; "Feed" is the German loan word.
  'fr_CA:notifications:title',
  'fr_CA:notifications:bell.label',
  'fr_CA:notifications:field.date',
  'fr_FR:notifications:title',
  'fr_FR:notifications:bell.label',
  'fr_FR:notifications:field.date',
  'de:account:nav.feed',
  // "File" is the Italian word for a computer file too.
  'it:console-catalog:rows.file',
  // "Passkey(s)" is the German and Italian word too, and "Name" the German one.
  'de:account:nav.passkeys',
  'de:account:passkeys.title',
  'de:account:passkeys.name',
  'de:account:passkeys.defaultName',
  'it:account:passkeys.defaultName',
  // "Webhooks" is the loan word in German, Spanish, French and Portuguese; "Message" in French.
  'de:console:nav.webhooks',
  'de:console-activity:webhooks.title',
  'es:console:nav.webhooks',
  'es:console-activity:webhooks.title',
  'es_ES:console:nav.webhooks',
  'es_ES:console-activity:webhooks.title',
  'fr_CA:console:nav.webhooks',
  'fr_CA:console-activity:webhooks.title',
  'fr_FR:console:nav.webhooks',
  'fr_FR:console-activity:webhooks.title',
  'pt:console:nav.webhooks',
  'pt:console-activity:webhooks.title',
  'de:account:nav.webhooks',
  'de:account:webhooks.title',
  'es:account:nav.webhooks',
  'es:account:webhooks.title',
  'es_ES:account:nav.webhooks',
  'es_ES:account:webhooks.title',
  'fr_CA:account:nav.webhooks',
  'fr_CA:account:webhooks.title',
  'fr_FR:account:nav.webhooks',
  'fr_FR:account:webhooks.title',
  'pt:account:nav.webhooks',
  'pt:account:webhooks.title',
  'fr_CA:webhooks:message',
  'fr_FR:webhooks:message',
  // The confirmation modal's "No" button (spec §2): the Spanish and Italian word is spelt like the English one.
  'es:confirm.no',
  'es_ES:confirm.no',
  'it:confirm.no',
  // "Console" (French, Italian, Portuguese), "Code" and "Catalogue" (French), "Name" (German).
  'fr_CA:userMenu.console',
  'fr_FR:userMenu.console',
  'it:userMenu.console',
  'pt:userMenu.console',
  'fr_CA:console:title',
  'fr_FR:console:title',
  'it:console:title',
  'pt:console:title',
  'fr_CA:console:stores.code',
  'fr_FR:console:stores.code',
  'fr_CA:console:nav.catalog',
  'fr_FR:console:nav.catalog',
  'de:console:stores.name',
  // German "Name" and "Status" in the console's Users screen.
  'de:console-activity:users.name',
  'de:console-activity:users.status',
  // "Catalogue" (French); German "Status" and "(optional)" are the German words.
  'fr_CA:console-catalog:catalog.title',
  'fr_FR:console-catalog:catalog.title',
  'de:console-catalog:standards.status',
  'de:console-catalog:editor.status',
  'de:console-catalog:changeFields.workItem_status',
  'de:console-catalog:changes.optional',
  // "Active" (a key, French), "Status", "Client" and "System" (German).
  'fr_CA:console-activity:keys.active',
  'fr_FR:console-activity:keys.active',
  'de:console-activity:keys.status',
  'de:console-activity:tokens.status',
  'pt:console-activity:tokens.status',
  'de:console-activity:deliveries.status',
  'de:console-activity:actorKinds.client',
  'de:console-activity:actorKinds.system',
  // Console stores: "Host(s)", "Logo", "Code", "Surface", "Text", "Links", "System" are the same words in these languages.
  'fr_CA:console-stores:create.code',
  'fr_CA:console-stores:colors.surface',
  'fr_CA:console-stores:logo.legend',
  'fr_FR:console-stores:create.code',
  'fr_FR:console-stores:colors.surface',
  'fr_FR:console-stores:logo.legend',
  'de:console-stores:hosts.legend',
  'de:console-stores:hosts.other',
  'de:console-stores:colors.text',
  'de:console-stores:colors.link',
  'de:console-stores:fonts.system',
  'de:console-stores:logo.legend',
  'tr:console-stores:logo.legend',
  'pt:console-stores:hosts.legend',
  'pt:console-stores:colors.link',
  'it:console-stores:logo.legend',
  'it:console-stores:colors.link',
  'es:console-stores:hosts.legend',
  'es:console-stores:hosts.other',
  'es_ES:console-stores:hosts.legend',
  'es_ES:console-stores:hosts.other',
]);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** All keys of a language, namespaced as `${ns}:${key}` except the shell's own (common). */
function load(lng: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const ns of TRANSLATION_NAMESPACES) {
    const tree = JSON.parse(readFileSync(join(localesDir, lng, `${ns}.json`), 'utf8')) as Tree;
    for (const [key, value] of flatten(tree)) out.set(ns === 'common' ? key : `${ns}:${key}`, value);
  }
  return out;
}

/** i18next interpolation placeholders in a value, e.g. {{tenantName}}. */
function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

const english = load('en');

/** i18next plural keys end in a CLDR category (`_one`, `_other`, Arabic `_zero`…`_many`). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A language's keys with each plural group as one `base#plural` key, so languages compare key for key. */
const pluralBases = (keys: Iterable<string>) =>
  [
    ...new Set(
      [...keys].map((key) => (PLURAL_SUFFIX.test(key) ? `${key.replace(PLURAL_SUFFIX, '')}#plural` : key)),
    ),
  ].sort();

/** The plural categories the language's own rules use (what i18next asks for: fr_CA → fr-CA). */
const pluralCategories = (lng: string) =>
  [...new Intl.PluralRules(lng.replaceAll('_', '-')).resolvedOptions().pluralCategories].sort();

/** The placeholders an English key (or any form of its plural group) uses. */
function englishPlaceholders(key: string): string[] {
  const base = key.replace(PLURAL_SUFFIX, '');
  const forms = [...english].filter(
    ([k]) => k === key || (PLURAL_SUFFIX.test(k) && k.replace(PLURAL_SUFFIX, '') === base),
  );
  return [...new Set(forms.flatMap(([, value]) => placeholders(value)))].sort();
}

describe('translations', () => {
  it('has a folder for every supported language and no other', () => {
    expect(readdirSync(localesDir).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it('has a file for every namespace in every language and no other', () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      expect(readdirSync(join(localesDir, lng)).sort(), lng).toEqual(
        TRANSLATION_NAMESPACES.map((ns) => `${ns}.json`).sort(),
      );
    }
  });

  it('English has the forms of its own plural rules', () => {
    const forms = [...english.keys()].filter((key) => key.startsWith('passwordRules.minNumber_'));
    expect(forms.map((key) => PLURAL_SUFFIX.exec(key)![1]).sort()).toEqual(pluralCategories('en'));
  });

  it('English has no empty values', () => {
    for (const [key, value] of english) expect(value.trim(), key).not.toBe('');
  });

  describe.each(SUPPORTED_LANGUAGES.filter((lng) => lng !== 'en'))('%s', (lng) => {
    const translated = load(lng);

    it('has exactly the keys of English', () => {
      expect(pluralBases(translated.keys())).toEqual(pluralBases(english.keys()));
    });

    it('gives every plural the forms its own plural rules need (no "1 أرقام")', () => {
      const bases = pluralBases(english.keys()).filter((key) => key.endsWith('#plural'));
      expect(bases.length).toBeGreaterThan(0);
      for (const base of bases.map((key) => key.replace('#plural', ''))) {
        const forms = [...translated.keys()]
          .filter((key) => PLURAL_SUFFIX.test(key) && key.replace(PLURAL_SUFFIX, '') === base)
          .map((key) => PLURAL_SUFFIX.exec(key)![1]!)
          .sort();
        expect(forms, base).toEqual(pluralCategories(lng));
      }
    });

    it('is really translated: no value is the English text, unless allow-listed', () => {
      const untranslated = [...translated]
        .filter(([key, value]) => value === english.get(key) && !SAME_AS_ENGLISH_ALLOWED.has(`${lng}:${key}`))
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
    });

    it('keeps the placeholders of English and has no empty values', () => {
      for (const [key, value] of translated) {
        expect(value.trim(), key).not.toBe('');
        if (PLURAL_SUFFIX.test(key)) {
          // A plural form may spell its number out ("at least one number"); it uses no other placeholder.
          for (const name of placeholders(value)) expect(englishPlaceholders(key), key).toContain(name);
        } else {
          expect(placeholders(value), key).toEqual(placeholders(english.get(key) ?? ''));
        }
      }
    });
  });
});

/*
 * How a person's name is shown, everywhere in the portal and the console (spec §2 Header: "the user's last
 * name, then first name, cut to 20 characters"): the header's user menu, the console's Users list and a user's
 * detail all read the same order. The header cuts it; lists and details show it whole.
 */

/** The header's cut, in characters as a reader sees them (code points). */
export const PERSON_NAME_SHORT_LENGTH = 20;

export interface PersonNameParts {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

/** The last name, then the first name, each trimmed; a missing part is left out (no stray space). */
export function personDisplayName({ firstName, lastName }: PersonNameParts): string {
  return [lastName, firstName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** The name as `personDisplayName` reads it, or the login when the person has no name. */
export function personNameOrLogin(person: PersonNameParts & { login: string }): string {
  return personDisplayName(person) || person.login;
}

/**
 * The name cut to `PERSON_NAME_SHORT_LENGTH` characters (code points, so a name in any script is never split
 * mid-character), never ending in a space.
 */
export function shortPersonName(parts: PersonNameParts): string {
  return Array.from(personDisplayName(parts)).slice(0, PERSON_NAME_SHORT_LENGTH).join('').trimEnd();
}

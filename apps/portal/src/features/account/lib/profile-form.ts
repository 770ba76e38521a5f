import type { AccountProfile, ProfileField, ProfileValue } from './myaccount.ts';

/** The profile form's rules, framework-free: its starting values, what is refused before saving, what is sent. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const hasControlCharacters = (value: string) => [...value].some((ch) => (ch.codePointAt(0) ?? 0) < 0x20);

export type ProfileProblem = 'required' | 'tooLong' | 'invalid' | 'email';

export function initialValues(fields: ProfileField[], profile: AccountProfile): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, profile.profile[f.name] ?? '']));
}

/**
 * spec §5 "Other user-facing field validation: not shown": the identity provider's own rules, said early. The
 * language is chosen from a list (an old free-text value is sent back as it was), so it is not checked.
 */
export function profileProblems(fields: ProfileField[], values: Record<string, string>) {
  const found: Record<string, ProfileProblem> = {};
  for (const field of fields) {
    if (!field.editable || field.name === 'locale') continue;
    const value = (values[field.name] ?? '').trim();
    if (field.required && !value) found[field.name] = 'required';
    else if (field.maxLength && value.length > field.maxLength) found[field.name] = 'tooLong';
    else if (hasControlCharacters(value)) found[field.name] = 'invalid';
    else if (field.format === 'email' && value && !EMAIL_PATTERN.test(value)) found[field.name] = 'email';
  }
  return found;
}

/** spec §7 PUT /idp/myaccount/profile: the full profile; an emptied optional value is sent as null. */
export function profileToSave(
  fields: ProfileField[],
  values: Record<string, string>,
  profile: AccountProfile,
) {
  const saved: Record<string, ProfileValue> = { ...profile.profile };
  for (const field of fields) {
    if (!field.editable) continue;
    const value = (values[field.name] ?? '').trim();
    saved[field.name] = value === '' && !field.required ? null : value;
  }
  return saved;
}

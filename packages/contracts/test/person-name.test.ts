import { describe, expect, it } from 'vitest';
import { personDisplayName, personNameOrLogin, shortPersonName } from '../src/person-name.ts';

/** One name order for the header, the console's Users list and a user's detail: last name, then first name. */
describe('a person’s name as the portal and the console show it', () => {
  it('puts the last name first, whole, in lists and details', () => {
    expect(personDisplayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Lovelace Ada');
    expect(personDisplayName({ firstName: 'Maximiliana', lastName: 'Wolfeschlegelstein' })).toBe(
      'Wolfeschlegelstein Maximiliana',
    );
  });

  it('leaves out a missing or blank part without a stray space', () => {
    expect(personDisplayName({ lastName: 'Lovelace' })).toBe('Lovelace');
    expect(personDisplayName({ firstName: ' Ada ', lastName: '' })).toBe('Ada');
    expect(personDisplayName({ firstName: null, lastName: null })).toBe('');
  });

  it('cuts the header’s name to 20 characters, never ending in a space', () => {
    expect(shortPersonName({ firstName: 'Maximiliana', lastName: 'Wolfeschlegelstein' })).toBe(
      'Wolfeschlegelstein M',
    );
    expect(shortPersonName({ firstName: 'Jo', lastName: 'Abcdefghijklmnopq' })).toBe('Abcdefghijklmnopq Jo');
    expect(shortPersonName({ firstName: 'Zed', lastName: 'Abcdefghijklmnopqrs' })).toBe(
      'Abcdefghijklmnopqrs',
    );
  });

  it('counts characters, not UTF-16 units, so no character is split', () => {
    expect(shortPersonName({ firstName: '𝓐𝓭', lastName: '𝓛𝓸𝓿𝓮𝓵𝓪𝓬𝓮𝓛𝓸𝓿𝓮𝓵𝓪𝓬𝓮𝓛' })).toBe('𝓛𝓸𝓿𝓮𝓵𝓪𝓬𝓮𝓛𝓸𝓿𝓮𝓵𝓪𝓬𝓮𝓛 𝓐𝓭');
    expect(
      shortPersonName({ firstName: '李', lastName: '欧阳欧阳欧阳欧阳欧阳欧阳欧阳欧阳欧阳欧阳欧阳' }),
    ).toBe('欧阳欧阳欧阳欧阳欧阳欧阳欧阳欧阳欧阳欧阳');
  });

  it('names a person last name first, or by their login when they have no name (organisations, reviews)', () => {
    expect(personNameOrLogin({ firstName: 'Amal', lastName: 'Haddad', login: 'amal@example.test' })).toBe(
      'Haddad Amal',
    );
    expect(personNameOrLogin({ firstName: ' ', lastName: '', login: 'amal@example.test' })).toBe(
      'amal@example.test',
    );
    expect(personNameOrLogin({ firstName: 'Amal', lastName: null, login: 'a@example.test' })).toBe('Amal');
  });
});

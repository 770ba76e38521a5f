/** What the shell may use of the console feature: the console roles a token carries (its screens load lazily). */
export { rolesFromClaims } from './lib/roles.ts';

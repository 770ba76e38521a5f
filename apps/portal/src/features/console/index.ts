/** What the shell may use of the console feature: the console roles a token carries (its screens load lazily). */
export { rolesFromAccessToken } from './lib/roles.ts';

import { randomInt } from 'node:crypto';
import { ONE_TIME_CODE_LENGTH } from '@trackwell/contracts';

/** A new code to e-mail or text (the code rule in @trackwell/contracts: six digits, leading zeros kept). */
export const newOneTimeCode = () =>
  String(randomInt(0, 10 ** ONE_TIME_CODE_LENGTH)).padStart(ONE_TIME_CODE_LENGTH, '0');

/** How long an e-mailed or texted code (and a push request) stays valid: five minutes. */
export const ONE_TIME_CODE_TTL_SECONDS = 5 * 60;

/**
 * The one code rule: every code a person types at sign-in or in the account area (e-mailed codes, SMS and call
 * codes, authenticator-app codes) is six ASCII digits. The server generates e-mailed and phone codes with this
 * length; both sides check the format before anything else.
 */
export const ONE_TIME_CODE_LENGTH = 6;

const ONE_TIME_CODE = new RegExp(`^[0-9]{${ONE_TIME_CODE_LENGTH}}$`);

/** Whether a value has the form of a code (it may still be the wrong one). */
export const isOneTimeCode = (value: unknown): value is string =>
  typeof value === 'string' && ONE_TIME_CODE.test(value);

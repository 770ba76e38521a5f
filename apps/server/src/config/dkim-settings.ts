import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** DKIM signing of outgoing e-mail: the SMTP_DKIM_* settings, checked together at start and read for nodemailer. */

export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** The settings this file reads (env.ts parses them). */
export interface DkimEnv {
  SMTP_DKIM_DOMAIN?: string | undefined;
  SMTP_DKIM_SELECTOR?: string | undefined;
  SMTP_DKIM_PRIVATE_KEY?: string | undefined;
  SMTP_DKIM_PRIVATE_KEY_FILE?: string | undefined;
}

const DKIM_KEYS = [
  'SMTP_DKIM_DOMAIN',
  'SMTP_DKIM_SELECTOR',
  'SMTP_DKIM_PRIVATE_KEY',
  'SMTP_DKIM_PRIVATE_KEY_FILE',
] as const;

/** DKIM settings for nodemailer, or undefined when DKIM is not configured (parseEnv has checked them). */
export function dkimSettings(env: DkimEnv): DkimSettings | undefined {
  if (!env.SMTP_DKIM_DOMAIN || !env.SMTP_DKIM_SELECTOR) return undefined;
  const pem = env.SMTP_DKIM_PRIVATE_KEY_FILE
    ? readFileSync(env.SMTP_DKIM_PRIVATE_KEY_FILE, 'utf8')
    : (env.SMTP_DKIM_PRIVATE_KEY ?? '');
  return {
    domainName: env.SMTP_DKIM_DOMAIN,
    keySelector: env.SMTP_DKIM_SELECTOR,
    privateKey: pem.replace(/\\n/g, '\n').trim(),
  };
}

/** All or none of the DKIM settings, exactly one key source, and a key that is a readable private key. */
export function dkimProblems(env: DkimEnv): string[] {
  const set = DKIM_KEYS.filter((k) => env[k] !== undefined);
  if (set.length === 0) return [];
  const problems: string[] = [];
  for (const k of ['SMTP_DKIM_DOMAIN', 'SMTP_DKIM_SELECTOR'] as const) {
    if (!env[k]) problems.push(`${k}: required when DKIM is configured (${set.join(', ')} set)`);
  }
  if (env.SMTP_DKIM_PRIVATE_KEY && env.SMTP_DKIM_PRIVATE_KEY_FILE) {
    problems.push(
      'SMTP_DKIM_PRIVATE_KEY_FILE: set either SMTP_DKIM_PRIVATE_KEY or SMTP_DKIM_PRIVATE_KEY_FILE, not both',
    );
  } else if (!env.SMTP_DKIM_PRIVATE_KEY && !env.SMTP_DKIM_PRIVATE_KEY_FILE) {
    problems.push('SMTP_DKIM_PRIVATE_KEY: required when DKIM is configured (or SMTP_DKIM_PRIVATE_KEY_FILE)');
  }
  if (problems.length > 0) return problems;
  const source = env.SMTP_DKIM_PRIVATE_KEY_FILE ? 'SMTP_DKIM_PRIVATE_KEY_FILE' : 'SMTP_DKIM_PRIVATE_KEY';
  try {
    createPrivateKey(dkimSettings(env)!.privateKey);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code && /^E[A-Z]+$/.test(code) // a file system error (EACCES, EISDIR…), not ERR_OSSL_…
          ? `cannot read it (${code})`
          : 'not a PEM private key';
    problems.push(`${source}: ${reason}`);
  }
  return problems;
}

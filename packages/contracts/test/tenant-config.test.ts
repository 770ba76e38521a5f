import { describe, expect, it } from 'vitest';
import { absoluteUrl, hostName, safeText, safeUrl, tenantCode } from '../src/safe-values.ts';
import { getTenantConfigurationBody } from '../src/tenant-config.ts';
import { tenantTheme } from '../src/tenant-definition.ts';

describe('safeUrl', () => {
  it.each(['https://example.com/a?b=c', 'http://localhost:8080/x', '/oauth2/default', '/'])(
    'accepts %s',
    (url) => {
      expect(safeUrl.safeParse(url).success).toBe(true);
    },
  );
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '//evil.example/x',
    '/\\evil.example',
    'https://exa mple.com',
    'https://example.com/\u0000',
    'ftp://example.com/',
    'relative/path',
    '',
    `https://example.com/${'a'.repeat(3000)}`,
  ])('refuses %s', (url) => {
    expect(safeUrl.safeParse(url).success).toBe(false);
  });
  it('absoluteUrl refuses tenant-relative paths', () => {
    expect(absoluteUrl.safeParse('/x').success).toBe(false);
    expect(absoluteUrl.safeParse('https://x.example/').success).toBe(true);
  });
});

describe('safeText', () => {
  it('refuses control characters and bidi overrides, and newlines unless multiline', () => {
    expect(safeText(50).safeParse('Plain name').success).toBe(true);
    expect(safeText(50).safeParse('a\u202eb').success).toBe(false);
    expect(safeText(50).safeParse('a\u0007b').success).toBe(false);
    expect(safeText(50).safeParse('a\nb').success).toBe(false);
    expect(safeText(50, { multiline: true }).safeParse('a\n\nb').success).toBe(true);
    expect(safeText(5).safeParse('too long').success).toBe(false);
  });
});

describe('host names and tenant codes', () => {
  it.each(['localhost', 'awwa.localhost', 'tracker.awwa.org', '127.0.0.1'])('host %s is valid', (h) => {
    expect(hostName.safeParse(h).success).toBe(true);
  });
  it.each(['Awwa.localhost', 'a..b', '-a.com', 'a.com/x', 'a.com:8080', 'évil.com', ''])(
    'host %s is not',
    (h) => {
      expect(hostName.safeParse(h).success).toBe(false);
    },
  );
  it.each(['../x', 'A', 'x', 'with space', 'a/b'])('tenant code %s is not valid', (c) => {
    expect(tenantCode.safeParse(c).success).toBe(false);
  });
});

describe('tenantTheme', () => {
  it('takes only #rrggbb colours, allow-listed fonts and a bounded radius', () => {
    const colors = {
      ...Object.fromEntries(
        ['secondary', 'background', 'text', 'link', 'headerBackground', 'headerText']
          .concat(['footerBackground', 'footerText'])
          .map((k) => [k, '#123456']),
      ),
      primary: '#123456',
      primaryContrast: '#ffffff',
      surface: '#ffffff',
      mutedText: '#555555',
    };
    const ok = { colors, font: 'serif', headingFont: 'system', radius: 4 };
    expect(tenantTheme.safeParse(ok).success).toBe(true);
    expect(tenantTheme.safeParse({ ...ok, colors: { ...colors, primary: 'red' } }).success).toBe(false);
    expect(tenantTheme.safeParse({ ...ok, colors: { ...colors, primary: '#123456;}' } }).success).toBe(false);
    expect(tenantTheme.safeParse({ ...ok, font: 'Comic Sans' }).success).toBe(false);
    expect(tenantTheme.safeParse({ ...ok, radius: 1000 }).success).toBe(false);
  });
});

describe('the configuration request body', () => {
  it('is optional, takes a domain, and nothing else', () => {
    expect(getTenantConfigurationBody.safeParse(undefined).success).toBe(true);
    expect(getTenantConfigurationBody.safeParse({}).success).toBe(true);
    expect(getTenantConfigurationBody.safeParse({ domain: 'awwa.localhost' }).success).toBe(true);
    expect(getTenantConfigurationBody.safeParse({ domain: 'awwa.localhost', x: 1 }).success).toBe(false);
  });
});

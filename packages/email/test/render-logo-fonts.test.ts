import { THEME_FONTS } from '@trackwell/contracts';
import { DEMO_TENANT_DEFINITIONS } from '@trackwell/db/seed';
import { describe, expect, it } from 'vitest';
import { brandingFromTenant, compileNotification } from '../src/index.ts';

/**
 * The e-mail shows the store's logo as a PNG with its size, and loads nothing from an
 * outside host (no web-font service): only images of the store's own origin.
 */

const change = {
  kind: 'new_edition' as const,
  standard: {
    assetId: 'D638',
    title: 'Tensile Properties of Plastics',
    committee: 'D20',
    publisher: 'PUB1',
    oldDesignation: 'D638-14',
    designation: 'D638-22',
    oldStatus: null,
    status: 'active',
    edition: '2022',
    date: '2022-06-01',
  },
};
const recipient = {
  name: 'Ada',
  reasons: [{ type: 'COMMITTEE' as const, value: 'D20' }],
  unsubscribeUrl: 'https://example.invalid/unsubscribe?t=1',
};

/** Every resource the HTML would make a mail client load: img/link/script sources, CSS url() and @import. */
function loadedResources(html: string): string[] {
  return [
    ...[
      ...html.matchAll(/<(?:img|script|iframe|source|video|audio)\b[^>]*?\ssrc\s*=\s*["']?([^"'\s>]+)/gi),
    ].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*?\shref\s*=\s*["']?([^"'\s>]+)/gi)].map((m) => m[1]!),
    ...[...html.matchAll(/url\(\s*["']?([^"')]+)/gi)].map((m) => m[1]!),
    ...[...html.matchAll(/@import\s+(?:url\()?\s*["']?([^"');\s]+)/gi)].map((m) => m[1]!),
    ...[...html.matchAll(/\sbackground\s*=\s*["']([^"']+)/gi)].map((m) => m[1]!),
  ];
}

describe('e-mail logo and fonts, for every demo store', () => {
  for (const { definition: def } of DEMO_TENANT_DEFINITIONS) {
    const origin = `http://${def.hosts[0]}:8080`;
    const images = {
      logo: { url: `${origin}/assets/${def.code}/logo.png?v=abc`, width: 171.5, height: 48 },
      poweredBy: { url: `${origin}/assets/trackwell/logo.png?v=def`, width: 160, height: 48 },
    };

    it(`${def.code}: the PNG logo with width and height, the theme's fonts as system stacks, nothing from another host`, async () => {
      const branding = brandingFromTenant(def, origin, images);
      for (const language of def.config.ui.languages) {
        const { html } = (
          await compileNotification({ language, branding, change, links: { trackerUrl: `${origin}/` } })
        ).render(recipient);
        // The header logo: the PNG, laid out at its size before it loads.
        expect(html).toMatch(
          new RegExp(
            `<img[^>]*src="${origin}/assets/${def.code}/logo\\.png\\?v=abc"[^>]*width="172" height="48"`,
          ),
        );
        expect(html).not.toMatch(/\.svg["?]/);
        // No web fonts: no <link>, no @import, and every loaded resource is on the store's own origin.
        expect(html).not.toMatch(/<link\b/i);
        expect(html).not.toMatch(/@import/i);
        expect(html).not.toMatch(/fonts\.googleapis|fonts\.gstatic/);
        const resources = loadedResources(html);
        expect(resources.length).toBeGreaterThan(0);
        for (const url of resources) expect(new URL(url).origin, url).toBe(origin);
        // The store's fonts: body and heading stacks from its theme (quotes made single for the attributes).
        expect(html).toContain(`font-family:${THEME_FONTS[def.theme.font].replace(/"/g, "'")}`);
        expect(html).toContain(`font-family:${THEME_FONTS[def.theme.headingFont].replace(/"/g, "'")}`);
        // The header takes the colour the logo is drawn for.
        expect(html.toLowerCase()).toContain(def.theme.colors.headerBackground.toLowerCase());
      }
    });
  }

  it('names the store in text when its logo has no PNG, and the platform when "Powered by" has none', async () => {
    const { definition: def } = DEMO_TENANT_DEFINITIONS.find(
      (t) => t.definition.config.ui.footerLogo === 'poweredBy',
    )!;
    const origin = `http://${def.hosts[0]}:8080`;
    const { html } = (
      await compileNotification({
        language: 'en',
        branding: brandingFromTenant(def, origin),
        change,
        links: { trackerUrl: `${origin}/` },
      })
    ).render(recipient);
    expect(html).not.toMatch(/<img\b/);
    expect(html).toContain(`>${def.config.tenantName}</a>`);
    expect(html).toContain('Powered by: Trackwell');
  });
});

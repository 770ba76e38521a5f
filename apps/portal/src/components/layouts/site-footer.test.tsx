import { screen, within } from '@testing-library/react';
import { FOOTER_LINK_KEYS } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { createTestI18n, renderWithI18n } from '../../testing/render-with-i18n.tsx';
import { buildTenantConfig } from '../../testing/tenant-config.ts';
import SiteFooter, { type SiteFooterProps } from './site-footer.tsx';
import { socialIconFor } from './social-icon.tsx';

const base = buildTenantConfig();

function renderFooter(
  props: Partial<Omit<SiteFooterProps, 'ui'>> & { ui?: Partial<SiteFooterProps['ui']> } = {},
) {
  return renderWithI18n(
    <SiteFooter
      tenantName="Acme Standards"
      footer={props.footer ?? base.footer}
      ui={{ ...base.ui, ...props.ui }}
      year={props.year ?? 2031}
    />,
  );
}

const footer = {
  socials: {
    links: [
      { label: 'LinkedIn', url: 'https://www.linkedin.com/company/acme', 'fa-icon': 'fa-linkedin' },
      { label: 'X', url: 'https://x.com/acme', 'fa-icon': 'fa-x-twitter' },
      { label: 'Fediverse', url: 'https://social.example/@acme', 'fa-icon': 'fa-not-an-icon' },
    ],
  },
  displayAddress: 'Acme Standards, 1 Test Street, Testville',
  links: FOOTER_LINK_KEYS.map((label) => ({ label, url: `https://acme.example/${label}` })),
};

describe('SiteFooter (spec §2 Footer)', () => {
  it('has the social links from the configuration, with their names, opening in a new tab', () => {
    renderFooter({ footer });

    const socials = screen.getByRole('list', { name: 'Social media' });
    const links = within(socials).getAllByRole('link');
    expect(links).toHaveLength(3);
    for (const [i, link] of links.entries()) {
      expect(link).toHaveAccessibleName(`${footer.socials.links[i]!.label} (opens in a new tab)`);
      expect(link).toHaveAttribute('href', footer.socials.links[i]!.url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // The named brand icons, and a plain link icon for a name Font Awesome does not have.
    expect(links[0]!.querySelector('svg[data-icon="linkedin"]')).not.toBeNull();
    expect(links[1]!.querySelector('svg[data-icon="x-twitter"]')).not.toBeNull();
    expect(links[2]!.querySelector('svg.tw-icon')).not.toBeNull();
  });

  it('maps only known icon names; unknown or prototype names get the fallback', () => {
    expect(socialIconFor('fa-youtube')?.iconName).toBe('youtube');
    expect(socialIconFor('fa-constructor')).toBeUndefined();
    expect(socialIconFor('toString')).toBeUndefined();
  });

  it('has the bottom links with translated labels, in the configured order, opening in a new tab', () => {
    renderFooter({ footer });

    const nav = screen.getByRole('navigation', { name: 'Useful links' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent?.replace(' (opens in a new tab)', '').trim())).toEqual([
      'Home',
      'About the organisation',
      'Contact',
      'Privacy Policy',
      'Policies',
      'Copyright/Permissions',
      'Sales',
    ]);
    expect(links[3]).toHaveAttribute('href', 'https://acme.example/privacyPolicy');
    for (const link of links) expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows the copyright line with the year and the display address only where the tenant has it', () => {
    renderFooter({ footer, ui: { copyrightLine: { enabled: true } } });
    expect(
      screen.getByText('© 2031 \u2068Acme Standards, 1 Test Street, Testville\u2069. All rights reserved.'),
    ).toBeInTheDocument();
  });

  it("shows the store's address and social names in the page's language where the store wrote them", () => {
    const arabic = {
      ...footer,
      socials: { links: [{ ...footer.socials.links[0]!, label_by_language: { ar: 'لينكدإن' } }] },
      displayAddress_by_language: { ar: 'أكمي للمعايير، ١ شارع الاختبار' },
    };
    renderWithI18n(
      <SiteFooter
        tenantName="Acme"
        footer={arabic}
        ui={{ ...base.ui, copyrightLine: { enabled: true } }}
        year={2031}
      />,
      createTestI18n('ar'),
    );
    expect(screen.getByText(/أكمي للمعايير، ١ شارع الاختبار/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /لينكدإن/ })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/company/acme',
    );
  });

  it("falls back to the store's own address in a language it has no translation for", () => {
    renderWithI18n(
      <SiteFooter
        tenantName="Acme"
        footer={{ ...footer, displayAddress_by_language: { ar: 'أكمي' } }}
        ui={{ ...base.ui, copyrightLine: { enabled: true } }}
        year={2031}
      />,
      createTestI18n('ja'),
    );
    expect(screen.getByText(/Acme Standards, 1 Test Street, Testville/)).toBeInTheDocument();
  });

  it('has no copyright line otherwise', () => {
    renderFooter({ footer, ui: { copyrightLine: { enabled: false } } });
    expect(screen.queryByText(/©/)).not.toBeInTheDocument();
    expect(screen.queryByText(/1 Test Street/)).not.toBeInTheDocument();
  });

  it('uses the current year by default', () => {
    renderWithI18n(
      <SiteFooter tenantName="Acme" footer={footer} ui={{ ...base.ui, copyrightLine: { enabled: true } }} />,
    );
    expect(screen.getByText(new RegExp(`^© ${new Date().getFullYear()} `))).toBeInTheDocument();
  });

  it('shows "Powered by:" and the platform logo by default', () => {
    renderFooter({ ui: { footerLogo: 'poweredBy' } });
    expect(screen.getByText('Powered by:')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Trackwell' })).toHaveAttribute('src', base.ui.poweredByLogoUrl);
    expect(screen.queryByRole('img', { name: 'Acme Standards' })).not.toBeInTheDocument();
  });

  it("shows the tenant's own logo where the tenant has it (awwa, aenor)", () => {
    renderFooter({ ui: { footerLogo: 'tenant' } });
    expect(screen.getByRole('img', { name: 'Acme Standards' })).toHaveAttribute('src', base.ui.logoUrl);
    expect(screen.queryByText('Powered by:')).not.toBeInTheDocument();
  });

  it('leaves out empty social and link lists', () => {
    renderFooter();
    expect(screen.queryByRole('list', { name: 'Social media' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

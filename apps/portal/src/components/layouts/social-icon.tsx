import { config as fontAwesomeConfig, type IconDefinition } from '@fortawesome/fontawesome-svg-core';
import {
  faBluesky,
  faFacebook,
  faFlickr,
  faGithub,
  faInstagram,
  faLinkedin,
  faMastodon,
  faPinterest,
  faReddit,
  faSlack,
  faTelegram,
  faThreads,
  faTiktok,
  faVimeo,
  faWeibo,
  faWeixin,
  faWhatsapp,
  faXTwitter,
  faYoutube,
} from '@fortawesome/free-brands-svg-icons';
import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { LinkIcon } from '../ui/content-icons.tsx';

// The server's Content-Security-Policy allows no inline <style>, so Font Awesome must not inject its CSS; the
// one rule these icons need is in index.css (.svg-inline--fa).
fontAwesomeConfig.autoAddCss = false;

/**
 * The tenant configuration names a Font Awesome brand icon per social link (`fa-icon`, spec §3 footer). Only the
 * icons listed here are bundled (Font Awesome is tree-shaken, and the whole brand set is ~500 KB); a name not
 * in the list gets a plain link icon, so a new network never breaks the footer.
 */
const SOCIAL_ICONS: Readonly<Record<string, IconDefinition>> = {
  'fa-bluesky': faBluesky,
  'fa-facebook': faFacebook,
  'fa-facebook-f': faFacebook,
  'fa-flickr': faFlickr,
  'fa-github': faGithub,
  'fa-instagram': faInstagram,
  'fa-linkedin': faLinkedin,
  'fa-linkedin-in': faLinkedin,
  'fa-mastodon': faMastodon,
  'fa-pinterest': faPinterest,
  'fa-reddit': faReddit,
  'fa-slack': faSlack,
  'fa-telegram': faTelegram,
  'fa-threads': faThreads,
  'fa-tiktok': faTiktok,
  'fa-twitter': faXTwitter,
  'fa-vimeo': faVimeo,
  'fa-weibo': faWeibo,
  'fa-weixin': faWeixin,
  'fa-whatsapp': faWhatsapp,
  'fa-x-twitter': faXTwitter,
  'fa-youtube': faYoutube,
};

export function socialIconFor(name: string): IconDefinition | undefined {
  return Object.hasOwn(SOCIAL_ICONS, name) ? SOCIAL_ICONS[name] : undefined;
}

/** A decorative social icon: the link around it carries the network's name. */
export function SocialIcon({ name }: { name: string }) {
  const icon = socialIconFor(name);
  if (!icon) return <LinkIcon />;
  return <FontAwesomeIcon icon={icon} aria-hidden="true" />;
}

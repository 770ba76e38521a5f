import type { StandardCitation, StandardCitations } from '@trackwell/contracts';
import { escapeHtml } from './html-escape.ts';

/**
 * The store page's cited standards: what the standard cites (normative references first, then its
 * bibliography) and what cites it, each a link to its page where the catalogue holds it. A dated reference is
 * shown as written (that edition applies); an undated one says that the latest edition applies.
 */

function item(c: StandardCitation, shown: 'cited' | 'citing'): string {
  const e = escapeHtml;
  const name = shown === 'cited' ? c.cited : (c.standard?.designation ?? c.cited);
  const label = c.standard
    ? `<a href="${e(`${encodeURIComponent(c.standard.assetId)}.html`)}" dir="ltr">${e(name)}</a>`
    : `<span dir="ltr">${e(name)}</span>`;
  const note =
    shown === 'cited' && !c.dated ? ' <span class="citation-note">(latest edition applies)</span>' : '';
  const title = c.standard && shown === 'citing' ? ` — ${e(c.standard.title)}` : '';
  return `<li>${label}${title}${note}</li>`;
}

function list(title: string, items: StandardCitation[], shown: 'cited' | 'citing'): string {
  if (items.length === 0) return '';
  return `<h3>${escapeHtml(title)}</h3><ul class="standard-citations">${items.map((c) => item(c, shown)).join('')}</ul>`;
}

/** The section, or nothing when the standard neither cites nor is cited. */
export function citationsSection(citations: StandardCitations | undefined): string {
  if (!citations || (citations.cites.length === 0 && citations.citedBy.length === 0)) return '';
  const normative = (c: StandardCitation) => c.normative;
  const informative = (c: StandardCitation) => !c.normative;
  return `<section class="standard-references" aria-labelledby="references-heading">
<h2 id="references-heading">Cited standards</h2>
${list('Normative references', citations.cites.filter(normative), 'cited')}
${list('Bibliography', citations.cites.filter(informative), 'cited')}
${list('Cited normatively by', citations.citedBy.filter(normative), 'citing')}
${list('Cited in the bibliography of', citations.citedBy.filter(informative), 'citing')}
</section>`;
}

import type { Language, ReviewForecast } from '@trackwell/contracts';
import { escapeHtml, fillHtml, fillText } from './bidi.ts';
import { FORECAST_STRINGS } from './forecast-strings.ts';
import { fill } from './strings.ts';

/**
 * A review forecast as an e-mail says it: "Review due 2027-03 (ISO systematic review)", then that it is a
 * forecast and what it counts from (or the stage the catalogue gives), and ASTM's withdrawal date. Dates and
 * codes are isolated (<bdi> in HTML, FSI…PDI in a right-to-left text part).
 */
function parts(language: Language, f: ReviewForecast) {
  const s = FORECAST_STRINGS[language];
  const rule = fill(s.kinds[f.kind], { publisher: f.rule });
  const basis: { template: string; values: Record<string, string> } = f.stage
    ? { template: s.stage[f.stage], values: { code: f.stageCode ?? '' } }
    : {
        template: s.from[f.basis === 'confirmation' ? 'confirmation' : 'publication'],
        values: { from: f.from },
      };
  const withdrawal = f.withdrawalDueOn
    ? { template: s.withdrawal, values: { date: f.withdrawalDueOn } }
    : undefined;
  return { s, rule, basis, withdrawal };
}

/** The forecast as plain text: the due line, and the note line. */
export function forecastText(language: Language, f: ReviewForecast): { due: string; note: string } {
  const { s, rule, basis, withdrawal } = parts(language, f);
  const note = [s.label, fillText(language, basis.template, basis.values)];
  if (withdrawal) note.push(fillText(language, withdrawal.template, withdrawal.values));
  return { due: fillText(language, s.due, { date: f.dueOn, rule }), note: note.join(' · ') };
}

/** The forecast as escaped HTML: its name ("Next review"), the due line, and the note line. */
export function forecastHtml(
  language: Language,
  f: ReviewForecast,
): { heading: string; due: string; note: string } {
  const { s, rule, basis, withdrawal } = parts(language, f);
  const note = [escapeHtml(s.label), fillHtml(basis.template, basis.values)];
  if (withdrawal) note.push(fillHtml(withdrawal.template, withdrawal.values));
  return {
    heading: escapeHtml(s.heading),
    due: fillHtml(s.due, { date: f.dueOn, rule }),
    note: note.join(' · '),
  };
}

import type { Language, ReviewForecast } from '@trackwell/contracts';
import { bdi, fillHtml, fillText, isolateIn } from './bidi.ts';
import type { EmailBranding } from './branding.ts';
import { compileDigestFrame } from './digest-frame.ts';
import { FORECAST_STRINGS } from './forecast-strings.ts';
import { forecastHtml, forecastText } from './forecast-words.ts';
import { color, escapeHtml as e } from './notification-mjml.ts';
import { EMAIL_STRINGS } from './strings.ts';

/**
 * The alert a reader chose N months before a tracked standard's forecast review: the standard, "Review due
 * 2027-03 (ISO systematic review)", and that it is a forecast and what it counts from. The digest's frame
 * (digest-frame.ts), compiled once per (store, language); the preferences link turns the alert off.
 */
export interface ReviewAlertContent {
  language: Language;
  branding: EmailBranding;
  links: { trackerUrl: string; preferencesUrl: string };
}

export interface ReviewAlertStandard {
  designation: string;
  title: string;
  url: string;
  forecast: ReviewForecast;
}

export interface CompiledReviewAlert {
  render(recipient: { name: string; unsubscribeUrl: string; standard: ReviewAlertStandard }): {
    subject: string;
    html: string;
    text: string;
  };
}

export async function compileReviewAlert(input: ReviewAlertContent): Promise<CompiledReviewAlert> {
  const { language } = input;
  const t = EMAIL_STRINGS[language];
  const s = FORECAST_STRINGS[language];
  const k = input.branding.colors;
  const frame = await compileDigestFrame({ ...input, intro: s.alertIntro, preferencesLabel: s.alertTurnOff });
  return {
    render({ name, unsubscribeUrl, standard }) {
      const values = { date: standard.forecast.dueOn, designation: standard.designation };
      const subject = fillText(language, s.alertSubject, values);
      const html = forecastHtml(language, standard.forecast);
      const text = forecastText(language, standard.forecast);
      const items = `<div style="padding:8px 0">
<div><b><a href="${e(standard.url)}" style="color:${color(k.link)}">${bdi(standard.designation)}</a></b> <span dir="auto">${e(standard.title)}</span></div>
<div style="font-size:15px;padding-top:4px">${html.due}</div>
<div style="font-size:13px;color:${color(k.mutedText)}">${html.note}</div>
</div>`;
      return {
        subject,
        html: frame.fill({ subject, greetingHtml: fillHtml(t.greeting, { name }), items, unsubscribeUrl }),
        text: [
          fillText(language, t.greeting, { name }),
          '',
          s.alertIntro,
          '',
          `* ${isolateIn(language, standard.designation)} ${standard.title}`,
          `  ${text.due}`,
          `  ${text.note}`,
          `  ${standard.url}`,
          '',
          `${t.openTracker}: ${input.links.trackerUrl}`,
          `${s.alertTurnOff}: ${input.links.preferencesUrl}`,
          `${t.unsubscribe}: ${unsubscribeUrl}`,
          '',
          frame.foot,
          '',
        ].join('\n'),
      };
    },
  };
}

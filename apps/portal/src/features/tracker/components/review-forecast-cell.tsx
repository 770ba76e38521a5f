import type { ReviewForecast } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A tracked standard's review forecast: "Review due 2027-03 (ISO systematic review)", always labelled a
 * forecast, with what it counts from (the publication, a confirmation, or the stage code the catalogue
 * holds), and the withdrawal date where the publisher's rule has one (ASTM). Dates are shown as the catalogue
 * gave them (2027, 2027-03, 2027-03-15), left to right inside right-to-left text and never broken.
 */
export function ReviewForecastCell({ forecast }: { forecast: ReviewForecast | null | undefined }) {
  const { t } = useTranslation('tracker');
  if (!forecast) return <span className="tw-forecast tw-forecast--none">{t('forecast.none')}</span>;
  // Isolated (left to right inside right-to-left text), with non-breaking hyphens: a narrow cell never breaks
  // a date across lines.
  const date = (text: string) => `\u2066${text.replaceAll('-', '\u2011')}\u2069`;
  const basis = forecast.stage
    ? t(`forecast.stage.${forecast.stage}`, { code: date(forecast.stageCode ?? '') })
    : t(`forecast.from.${forecast.basis === 'confirmation' ? 'confirmation' : 'publication'}`, {
        from: date(forecast.from),
      });
  return (
    <span className="tw-forecast">
      <span className="tw-forecast__due">
        {t('forecast.due', { date: date(forecast.dueOn) })}{' '}
        <span className="tw-forecast__rule">
          ({t(`forecast.rule.${forecast.kind}`, { publisher: `\u2068${forecast.rule}\u2069` })})
        </span>
      </span>
      <span className="tw-forecast__basis">
        <span className="tw-forecast__label">{t('forecast.label')}</span> · {basis}
      </span>
      {forecast.withdrawalDueOn && (
        <span className="tw-forecast__basis">
          {t('forecast.withdrawal', { date: date(forecast.withdrawalDueOn) })}
        </span>
      )}
    </span>
  );
}

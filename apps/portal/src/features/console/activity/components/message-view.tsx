import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { type ChangeDelivery, useGetDeliveryMessageQuery } from '../api/deliveries.ts';
import { formatInstant } from '../lib/format.ts';
import { type ParsedMessage, parseMime } from '../lib/parse-mime.ts';

/**
 * One delivery's e-mail exactly as it was sent: its main headers (all of them on demand), the HTML part in a
 * sandboxed frame (no scripts, no forms, no same-origin access: `sandbox=""`) and the text part.
 *
 * The frame's `src` is the message's `htmlUrl`, the server's page of the HTML part with a CSP of its own (the
 * e-mail's inline styles and images, no script). Not `srcdoc`, nor a `blob:` URL of it: both documents inherit
 * this page's CSP, which refuses the e-mail's <style> and its images. A frame cannot send the bearer token, so
 * `htmlUrl` carries a short-lived signed token for this user, store and delivery (the server still checks the
 * user's role); the message query is dropped once the e-mail is closed, so each opening gets a fresh link.
 */
export function MessageView({
  code,
  delivery,
  onClose,
}: {
  code: string;
  delivery: ChangeDelivery;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-activity');
  const message = useGetDeliveryMessageQuery({ code, deliveryId: delivery.id });
  const [parsed, setParsed] = useState<ParsedMessage | null>(null);
  const [parseError, setParseError] = useState<Error | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mime = message.data?.mime;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves here each time another e-mail opens.
  useEffect(() => headingRef.current?.focus(), [delivery.id]);
  useEffect(() => {
    setParsed(null);
    setParseError(null);
    if (mime === undefined) return;
    let current = true;
    parseMime(mime).then(
      (result) => current && setParsed(result),
      (error: Error) => current && setParseError(error),
    );
    return () => {
      current = false;
    };
  }, [mime]);

  return (
    <section className="tw-activity__message" aria-labelledby="tw-message-title">
      <div className="tw-activity__panel-head">
        <h5 id="tw-message-title" className="h6" tabIndex={-1} ref={headingRef}>
          {t('message.title', { recipient: delivery.recipient })}
        </h5>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
          {t('message.close')}
        </button>
      </div>
      {message.isLoading ? (
        <PendingMessage>{t('state.loading')}</PendingMessage>
      ) : message.error || !message.data ? (
        <ConsoleLoadError error={message.error} onRetry={message.refetch} />
      ) : parseError ? (
        <ConsoleLoadError error={parseError} />
      ) : !parsed ? (
        <PendingMessage>{t('state.loading')}</PendingMessage>
      ) : (
        <MessageParts parsed={parsed} sentAt={message.data.sentAt} htmlUrl={message.data.htmlUrl} />
      )}
    </section>
  );
}

function MessageParts({
  parsed,
  sentAt,
  htmlUrl,
}: {
  parsed: ParsedMessage;
  sentAt: string | null;
  htmlUrl: string;
}) {
  const { t, i18n } = useTranslation('console-activity');
  return (
    <>
      <dl className="tw-activity__facts">
        <dt>{t('message.subject')}</dt>
        <dd>{parsed.subject}</dd>
        <dt>{t('message.from')}</dt>
        <dd dir="ltr">{parsed.from}</dd>
        <dt>{t('message.to')}</dt>
        <dd dir="ltr">{parsed.to}</dd>
        <dt>{t('message.sentAt')}</dt>
        <dd>{formatInstant(sentAt ?? parsed.date, i18n.language)}</dd>
      </dl>
      <details className="mb-3">
        <summary>{t('message.headers')}</summary>
        <pre className="tw-activity__pre" dir="ltr">
          {parsed.headers.map((h) => `${h.key}: ${h.value}`).join('\n')}
        </pre>
      </details>
      <h6>{t('message.html')}</h6>
      {parsed.hasHtml ? (
        <iframe
          className="tw-activity__frame"
          sandbox=""
          src={htmlUrl}
          referrerPolicy="no-referrer"
          title={t('message.frameTitle', { subject: parsed.subject })}
        />
      ) : (
        <p className="tw-activity__muted">{t('message.noHtml')}</p>
      )}
      <h6 className="mt-3">{t('message.text')}</h6>
      {parsed.text ? (
        <pre className="tw-activity__pre">{parsed.text}</pre>
      ) : (
        <p className="tw-activity__muted">{t('message.noText')}</p>
      )}
    </>
  );
}

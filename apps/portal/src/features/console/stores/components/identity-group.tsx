import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/forms/form-field.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../../lib/api-errors.ts';
import { type IdentityTestAnswer, useTestStoreIdentityMutation } from '../api.ts';
import { errorAt } from '../lib/field-errors.ts';
import { Group } from './controls.tsx';
import type { GroupProps } from './general-groups.tsx';
import { SigningKeys } from './signing-keys.tsx';

/** The embedded identity provider's issuer: a path on the store's own origin. */
export const EMBEDDED_ISSUER = '/oauth2/default';

/**
 * Who signs the store's users in: the embedded identity provider, or an external Okta org (its issuer and the
 * portal's client id there), with "Test connection" reading the issuer's discovery document.
 */
export function IdentityGroup({ draft, edit, errors, code }: GroupProps & { code: string }) {
  const { t } = useTranslation('console-stores');
  const name = useId();
  const issuer = draft.config['issuer-uri'];
  const external = !issuer.startsWith('/');
  const setMode = (toExternal: boolean) =>
    edit((d) => {
      d.config['issuer-uri'] = toExternal ? '' : EMBEDDED_ISSUER;
      if (!toExternal) d.config['client-id'] = `trackwell-portal-${code}`;
    });
  return (
    <Group legend={t('identity.legend')}>
      <div className="mb-3">
        {[false, true].map((option) => (
          <div key={String(option)} className="form-check">
            <input
              id={`${name}-${option}`}
              className="form-check-input"
              type="radio"
              name={name}
              checked={external === option}
              onChange={() => setMode(option)}
            />
            <label htmlFor={`${name}-${option}`} className="form-check-label">
              {option ? t('identity.external') : t('identity.embedded')}
            </label>
          </div>
        ))}
      </div>
      {external ? (
        <>
          <Field
            label={t('identity.issuer')}
            value={issuer}
            autoComplete="off"
            dir="ltr"
            hint={t('identity.issuerHint')}
            error={errorAt(errors, 'config.issuer-uri')}
            onChange={(value) =>
              edit((d) => {
                d.config['issuer-uri'] = value;
              })
            }
          />
          <Field
            label={t('identity.clientId')}
            value={draft.config['client-id']}
            autoComplete="off"
            dir="ltr"
            error={errorAt(errors, 'config.client-id')}
            onChange={(value) =>
              edit((d) => {
                d.config['client-id'] = value;
              })
            }
          />
          <TestConnection code={code} issuer={issuer.trim()} />
        </>
      ) : (
        <>
          <p className="form-text">{t('identity.embeddedHint')}</p>
          <SigningKeys code={code} />
        </>
      )}
    </Group>
  );
}

/** "Test connection": the answer (the discovery document's endpoints, or why not) is announced in place. */
function TestConnection({ code, issuer }: { code: string; issuer: string }) {
  const { t } = useTranslation('console-stores');
  const { t: tCommon } = useTranslation();
  const [test, { isLoading }] = useTestStoreIdentityMutation();
  const [result, setResult] = useState<
    { kind: 'answer'; answer: IdentityTestAnswer } | { kind: 'error'; message: string } | null
  >(null);
  async function run() {
    setResult(null);
    const answer = await test({ code, issuer });
    if ('error' in answer) setResult({ kind: 'error', message: describeApiError(answer.error, tCommon) });
    else setResult({ kind: 'answer', answer: answer.data });
  }
  return (
    <div className="mb-2">
      <button
        type="button"
        className="btn btn-outline-primary tw-btn-icon"
        disabled={isLoading || !issuer}
        onClick={run}
      >
        {isLoading ? <Spinner size="sm" /> : null}
        {isLoading ? t('identity.testing') : t('identity.test')}
      </button>
      <div role="status" className="mt-2">
        {result?.kind === 'answer' && result.answer.ok ? (
          <div className="alert alert-success mb-0">
            <p className="mb-1">{t('identity.ok')}</p>
            <dl className="tw-stores__endpoints mb-0" dir="ltr">
              <dt>{t('identity.authorizationEndpoint')}</dt>
              <dd>{result.answer.authorizationEndpoint}</dd>
              <dt>{t('identity.tokenEndpoint')}</dt>
              <dd>{result.answer.tokenEndpoint}</dd>
              <dt>{t('identity.jwksUri')}</dt>
              <dd>{result.answer.jwksUri}</dd>
            </dl>
          </div>
        ) : result ? (
          <p className="alert alert-danger mb-0">
            {t('identity.failed', {
              reason:
                result.kind === 'error' ? result.message : !result.answer.ok ? result.answer.reason : '',
            })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

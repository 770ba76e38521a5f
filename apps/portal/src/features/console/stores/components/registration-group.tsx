import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/forms/form-field.tsx';
import { errorAt } from '../lib/field-errors.ts';
import { Group, SwitchField } from './controls.tsx';
import type { GroupProps } from './general-groups.tsx';

const KEY = 'registrationTermsUrl';

/**
 * Self-registration: whether shoppers may create accounts on the sign-in page (stores on the
 * embedded identity provider), and the terms link they accept. The setting is the link (contracts
 * `registrationTermsUrl`): on with a link, off without one (the default).
 */
export function RegistrationGroup({ draft, edit, errors }: GroupProps) {
  const { t } = useTranslation('console-stores');
  const url = draft.config[KEY];
  const [on, setOn] = useState(url !== undefined);
  const embedded = draft.config['issuer-uri'].startsWith('/');
  const setUrl = (value: string | undefined) =>
    edit((d) => {
      if (value === undefined) delete d.config[KEY];
      else d.config[KEY] = value;
    });
  return (
    <Group legend={t('registration.legend')}>
      <SwitchField
        label={t('registration.enabled')}
        hint={embedded ? t('registration.hint') : t('registration.externalHint')}
        checked={on}
        onChange={(checked) => {
          setOn(checked);
          setUrl(checked ? (url ?? '') : undefined);
        }}
      />
      {on ? (
        <Field
          label={t('registration.termsUrl')}
          type="url"
          inputMode="url"
          autoComplete="off"
          dir="ltr"
          value={url ?? ''}
          hint={t('registration.termsUrlHint')}
          error={errorAt(errors, `config.${KEY}`)}
          onChange={setUrl}
        />
      ) : null}
    </Group>
  );
}

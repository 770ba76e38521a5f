import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/forms/form-field.tsx';
import { errorAt } from '../lib/field-errors.ts';
import { Group, SwitchField } from './controls.tsx';
import type { GroupProps } from './general-groups.tsx';

const PATH = 'config.registration';

/**
 * Self-registration (issue 15 §2): whether shoppers may create accounts on the sign-in page (stores on the
 * embedded identity provider), and the terms link they accept. Off by default; the contracts require the
 * terms link when it is on.
 */
export function RegistrationGroup({ draft, edit, errors }: GroupProps) {
  const { t } = useTranslation('console-stores');
  const registration = draft.config.registration;
  const embedded = draft.config['issuer-uri'].startsWith('/');
  return (
    <Group legend={t('registration.legend')}>
      <SwitchField
        label={t('registration.enabled')}
        hint={embedded ? t('registration.hint') : t('registration.externalHint')}
        checked={registration?.enabled ?? false}
        error={errorAt(errors, `${PATH}.enabled`) ?? undefined}
        onChange={(on) =>
          edit((d) => {
            d.config.registration = { ...d.config.registration, enabled: on };
          })
        }
      />
      {registration?.enabled ? (
        <Field
          label={t('registration.termsUrl')}
          type="url"
          inputMode="url"
          autoComplete="off"
          dir="ltr"
          value={registration.termsUrl ?? ''}
          hint={t('registration.termsUrlHint')}
          error={errorAt(errors, `${PATH}.termsUrl`)}
          onChange={(value) =>
            edit((d) => {
              d.config.registration = { enabled: true, ...(value ? { termsUrl: value } : {}) };
            })
          }
        />
      ) : null}
    </Group>
  );
}

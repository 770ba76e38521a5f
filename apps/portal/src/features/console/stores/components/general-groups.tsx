import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/forms/form-field.tsx';
import { errorAt, type FieldErrors } from '../lib/field-errors.ts';
import { type EditDraft, Group, type SettingsDraft } from './controls.tsx';
import { HostsEditor } from './hosts-editor.tsx';

export type GroupProps = { draft: SettingsDraft; edit: EditDraft; errors: FieldErrors };

/** Hosts: several, the first canonical. */
export function HostsGroup({ draft, edit, errors }: GroupProps) {
  const { t } = useTranslation('console-stores');
  return (
    <Group legend={t('hosts.legend')}>
      <p className="form-text mt-0">{t('hosts.hint')}</p>
      <HostsEditor
        hosts={draft.hosts}
        errors={errors}
        onChange={(hosts) =>
          edit((d) => {
            d.hosts = hosts;
          })
        }
      />
    </Group>
  );
}

/** The store's name, its contact page and its sign-in page. */
export function GeneralGroup({ draft, edit, errors }: GroupProps) {
  const { t } = useTranslation('console-stores');
  const { config } = draft;
  return (
    <Group legend={t('general.legend')}>
      <Field
        label={t('fields.name')}
        value={config.tenantName}
        autoComplete="off"
        maxLength={120}
        error={errorAt(errors, 'config.tenantName')}
        onChange={(value) =>
          edit((d) => {
            d.config.tenantName = value;
          })
        }
      />
      <Field
        label={t('general.contactUrl')}
        value={config.ui.contactUrl}
        autoComplete="off"
        dir="ltr"
        hint={t('general.urlHint')}
        error={errorAt(errors, 'config.ui.contactUrl')}
        onChange={(value) =>
          edit((d) => {
            d.config.ui.contactUrl = value;
          })
        }
      />
      <Field
        label={t('general.loginPageUrl')}
        value={config['login-page-url']}
        autoComplete="off"
        dir="ltr"
        hint={t('general.urlHint')}
        error={errorAt(errors, 'config.login-page-url')}
        onChange={(value) =>
          edit((d) => {
            d.config['login-page-url'] = value;
          })
        }
      />
    </Group>
  );
}

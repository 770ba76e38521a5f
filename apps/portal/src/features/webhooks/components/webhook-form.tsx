import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';

type Errors = { url?: string; description?: string };

/**
 * Register an endpoint: its https URL and what it is for. The server's refusal (not https, a private
 * address, too long) is said next to the field it is about; `onCreate` resolves when registered.
 */
export function WebhookForm({
  onCreate,
}: {
  onCreate: (url: string, description: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('webhooks');
  const { t: tCommon } = useTranslation();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim()) return setErrors({ url: t('urlRequired') });
    setBusy(true);
    setErrors({});
    try {
      await onCreate(url.trim(), description.trim());
      setUrl('');
      setDescription('');
    } catch (failure) {
      setErrors(fieldErrors(failure, ['url', 'description'], 'url', tCommon));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="tw-webhooks__form" onSubmit={submit} noValidate>
      <Field
        label={t('url')}
        hint={t('urlHint')}
        type="url"
        inputMode="url"
        dir="ltr"
        value={url}
        onChange={setUrl}
        autoComplete="off"
        maxLength={2000}
        error={errors.url}
      />
      <Field
        label={t('description')}
        value={description}
        onChange={setDescription}
        autoComplete="off"
        maxLength={500}
        required={false}
        error={errors.description}
      />
      <SubmitButton busy={busy} label={t('create')} busyLabel={t('form.working')} />
    </form>
  );
}

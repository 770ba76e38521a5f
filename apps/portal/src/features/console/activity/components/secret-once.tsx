import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecretOnceProps } from '../../../../components/ui/secret-once.tsx';

// Loaded when a secret is to be shown: the webhooks panel (features/webhooks) shares it, and a chunk shared
// with a lazily loaded feature must not be a static part of the console's routes (its name would join the
// first download's list of chunks).
const SharedSecretOnce = lazy(() =>
  import('../../../../components/ui/secret-once.tsx').then((m) => ({ default: m.SecretOnce })),
);

type Props = Omit<SecretOnceProps, 'words'> & {
  /** What to do with it (default: keep it safe; only its fingerprint is stored). */
  warning?: string;
};

/** The shared secret-shown-once panel in the console's words (API keys, client secrets). */
export function SecretOnce({ warning, ...props }: Props) {
  const { t } = useTranslation('console-activity');
  const words = {
    warning: warning ?? t('secret.warning'),
    copy: t('secret.copy'),
    copied: t('secret.copied'),
    copyFailed: t('secret.copyFailed'),
    done: t('secret.done'),
  };
  return (
    <Suspense fallback={null}>
      <SharedSecretOnce {...props} words={words} />
    </Suspense>
  );
}

import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SecretOnce as SharedSecretOnce } from '../../../../components/ui/secret-once.tsx';

type Props = Omit<ComponentProps<typeof SharedSecretOnce>, 'words'> & {
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
  return <SharedSecretOnce {...props} words={words} />;
}

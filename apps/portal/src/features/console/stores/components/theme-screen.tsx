import { type ConsoleStoreDefinition, THEME_FONTS } from '@trackwell/contracts';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify.ts';
import { usePatchConsoleStoreMutation } from '../api.ts';
import { errorAt, type FieldErrors, fieldErrorsOf, NO_ERRORS } from '../lib/field-errors.ts';
import { mergePatchOf } from '../lib/merge-patch.ts';
import { Group } from './controls.tsx';
import { LogoUpload } from './logo-upload.tsx';
import { SaveBar } from './settings-screen.tsx';
import { StoreDefinitionScreen } from './store-definition-screen.tsx';
import { ThemePreview } from './theme-preview.tsx';
import '../stores.css';

type Theme = ConsoleStoreDefinition['theme'];
type ColorKey = keyof Theme['colors'];
type FontKey = keyof typeof THEME_FONTS;

/** `/admin/stores/:code/theme`: colours, fonts, corners and logo, beside a live preview. */
export function ThemeScreen({ code }: { code: string }) {
  return <StoreDefinitionScreen code={code} titleKey="theme.title" Form={ThemeForm} />;
}

/** The store's own address, on the port the console is served from (development runs on one). */
export function storeAddress(host: string) {
  const { protocol, port } = window.location;
  return `${protocol}//${host}${port ? `:${port}` : ''}/`;
}

function ThemeForm({ code, definition }: { code: string; definition: ConsoleStoreDefinition }) {
  const { t } = useTranslation('console-stores');
  const saved = definition.theme;
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState(saved);
  if (base !== saved) {
    setBase(saved);
    setDraft(saved);
  }
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [justSaved, setJustSaved] = useState(false);
  const [patchStore, { isLoading }] = usePatchConsoleStoreMutation();
  const summaryRef = useRef<HTMLDivElement>(null);
  const patch = mergePatchOf(saved, draft) as Record<string, unknown> | undefined;
  const logoUrl = useMemo(
    () => `${definition.config.ui.logoUrl}?v=${encodeURIComponent(definition.updatedAt)}`,
    [definition],
  );

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!patch) return;
    setErrors(NO_ERRORS);
    setJustSaved(false);
    const answer = await patchStore({ code, patch: { theme: patch } });
    if ('error' in answer) setErrors(fieldErrorsOf(answer.error));
    else {
      notify.success(t('theme.saved'));
      setJustSaved(true);
    }
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  const host = definition.hosts[0] ?? '';
  return (
    <div className="tw-stores__theme">
      <form onSubmit={save} noValidate className="tw-stores__form">
        <div ref={summaryRef} tabIndex={-1} className="tw-stores__summary">
          <SaveSummary message={errors.message} justSaved={justSaved} host={host} />
        </div>
        <ColorsGroup
          colors={draft.colors}
          errors={errors}
          onChange={(colors) => setDraft((d) => ({ ...d, colors }))}
        />
        <TypeGroup
          draft={draft}
          errors={errors}
          onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
        />
        <Group legend={t('logo.legend')}>
          <LogoUpload code={code} />
        </Group>
        <SaveBar
          changed={Boolean(patch)}
          busy={isLoading}
          onDiscard={() => {
            setDraft(saved);
            setErrors(NO_ERRORS);
          }}
        />
      </form>
      <ThemePreview theme={draft} name={definition.config.tenantName} logoUrl={logoUrl} />
    </div>
  );
}

/** After a save: the server's error, or that the theme is live with a link to the store. */
function SaveSummary({ message, justSaved, host }: { message?: string; justSaved: boolean; host: string }) {
  const { t } = useTranslation('console-stores');
  if (message)
    return (
      <div className="alert alert-danger" role="alert">
        <p className="mb-0">{message}</p>
      </div>
    );
  if (!justSaved) return null;
  return (
    <div className="alert alert-success">
      <p className="mb-1">{t('theme.live')}</p>
      <a href={storeAddress(host)} target="_blank" rel="noreferrer">
        {t('theme.open', { host })}
      </a>
    </div>
  );
}

/** The theme's type: body and heading fonts, and the corner radius. */
function TypeGroup({
  draft,
  errors,
  onChange,
}: {
  draft: Theme;
  errors: FieldErrors;
  onChange: (change: Partial<Pick<Theme, 'font' | 'headingFont' | 'radius'>>) => void;
}) {
  const { t } = useTranslation('console-stores');
  return (
    <Group legend={t('theme.type')}>
      <FontSelect
        label={t('theme.font')}
        value={draft.font}
        error={errorAt(errors, 'theme.font')}
        onChange={(font) => onChange({ font })}
      />
      <FontSelect
        label={t('theme.headingFont')}
        value={draft.headingFont}
        error={errorAt(errors, 'theme.headingFont')}
        onChange={(headingFont) => onChange({ headingFont })}
      />
      <RadiusField value={draft.radius} onChange={(radius) => onChange({ radius })} />
    </Group>
  );
}

/** The theme's twelve colours. */
function ColorsGroup({
  colors,
  errors,
  onChange,
}: {
  colors: Theme['colors'];
  errors: FieldErrors;
  onChange: (colors: Theme['colors']) => void;
}) {
  const { t } = useTranslation('console-stores');
  return (
    <Group legend={t('theme.colors')}>
      <div className="tw-stores__colors">
        {(Object.keys(colors) as ColorKey[]).map((key) => (
          <ColorField
            key={key}
            label={t(`colors.${key}`)}
            value={colors[key]}
            error={errorAt(errors, `theme.colors.${key}`)}
            onChange={(value) => onChange({ ...colors, [key]: value })}
          />
        ))}
      </div>
    </Group>
  );
}

function ColorField(props: { label: string; value: string; error?: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="tw-stores__color">
      <input
        id={id}
        type="color"
        className={`form-control form-control-color${props.error ? ' is-invalid' : ''}`}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <label htmlFor={id} className="form-label mb-0">
        {props.label} <code dir="ltr">{props.value}</code>
      </label>
      {props.error ? (
        <div id={`${id}-error`} className="tw-stores__error tw-stores__color-error">
          {props.error}
        </div>
      ) : null}
    </div>
  );
}

function FontSelect(props: {
  label: string;
  value: FontKey;
  error?: string;
  onChange: (v: FontKey) => void;
}) {
  const { t } = useTranslation('console-stores');
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {props.label}
      </label>
      <select
        id={id}
        className={`form-select tw-stores__select${props.error ? ' is-invalid' : ''}`}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as FontKey)}
      >
        {(Object.keys(THEME_FONTS) as FontKey[]).map((font) => (
          <option key={font} value={font} style={{ fontFamily: THEME_FONTS[font] }}>
            {t(`fonts.${font}`)}
          </option>
        ))}
      </select>
      {props.error ? <div className="invalid-feedback">{props.error}</div> : null}
    </div>
  );
}

function RadiusField({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  const { t } = useTranslation('console-stores');
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('theme.radius', { value })}
      </label>
      <input
        id={id}
        type="range"
        className="form-range tw-stores__select"
        min={0}
        max={24}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}

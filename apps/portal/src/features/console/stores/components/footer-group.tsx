import { FOOTER_LINK_KEYS } from '@trackwell/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/forms/form-field.tsx';
import { errorAt } from '../lib/field-errors.ts';
import { Group, SwitchField } from './controls.tsx';
import type { GroupProps } from './general-groups.tsx';

const PATH = 'config.footer';

/** The footer: social links, bottom links, the display address and the copyright line. */
export function FooterGroup(props: GroupProps) {
  const { t } = useTranslation('console-stores');
  const { draft, edit, errors } = props;
  return (
    <Group legend={t('footer.legend')}>
      <SocialLinks {...props} />
      <BottomLinks {...props} />
      <Field
        label={t('footer.address')}
        value={draft.config.footer.displayAddress}
        autoComplete="off"
        required={false}
        maxLength={300}
        error={errorAt(errors, `${PATH}.displayAddress`)}
        onChange={(value) =>
          edit((d) => {
            d.config.footer.displayAddress = value;
          })
        }
      />
      <SwitchField
        label={t('footer.copyright')}
        checked={draft.config.ui.copyrightLine.enabled}
        onChange={(on) =>
          edit((d) => {
            d.config.ui.copyrightLine = { enabled: on };
          })
        }
      />
    </Group>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <div className="tw-stores__row-actions">
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={onClick}>
        {label}
      </button>
    </div>
  );
}

function SocialLinks({ draft, edit, errors }: GroupProps) {
  const { t } = useTranslation('console-stores');
  const links = draft.config.footer.socials.links;
  const at = (i: number, key: string) => errorAt(errors, `${PATH}.socials.links.${i}.${key}`);
  return (
    <>
      <h3 className="tw-stores__subhead">{t('footer.social')}</h3>
      {links.length === 0 ? <p className="form-text">{t('footer.socialEmpty')}</p> : null}
      <ol className="tw-stores__rows">
        {links.map((link, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the position is the identity.
          <li key={i} className="tw-stores__row">
            <div className="tw-stores__grow">
              <Field
                label={t('footer.socialLabel', { n: i + 1 })}
                value={link.label}
                autoComplete="off"
                maxLength={60}
                error={at(i, 'label')}
                onChange={(value) =>
                  edit((d) => {
                    d.config.footer.socials.links[i]!.label = value;
                  })
                }
              />
            </div>
            <div className="tw-stores__grow">
              <Field
                label={t('footer.socialUrl', { n: i + 1 })}
                value={link.url}
                autoComplete="off"
                dir="ltr"
                error={at(i, 'url')}
                onChange={(value) =>
                  edit((d) => {
                    d.config.footer.socials.links[i]!.url = value;
                  })
                }
              />
            </div>
            <div className="tw-stores__code">
              <Field
                label={t('footer.socialIcon', { n: i + 1 })}
                value={link['fa-icon']}
                autoComplete="off"
                dir="ltr"
                error={at(i, 'fa-icon')}
                onChange={(value) =>
                  edit((d) => {
                    d.config.footer.socials.links[i]!['fa-icon'] = value;
                  })
                }
              />
            </div>
            <RemoveButton
              label={t('footer.socialRemove', { n: i + 1 })}
              onClick={() => edit((d) => void d.config.footer.socials.links.splice(i, 1))}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm mb-3"
        disabled={links.length >= 12}
        onClick={() =>
          edit((d) => void d.config.footer.socials.links.push({ label: '', url: '', 'fa-icon': 'fa-link' }))
        }
      >
        {t('footer.socialAdd')}
      </button>
    </>
  );
}

function BottomLinks({ draft, edit, errors }: GroupProps) {
  const { t } = useTranslation('console-stores');
  const { t: tCommon } = useTranslation();
  const id = useId();
  const links = draft.config.footer.links;
  return (
    <>
      <h3 className="tw-stores__subhead">{t('footer.links')}</h3>
      {links.length === 0 ? <p className="form-text">{t('footer.linksEmpty')}</p> : null}
      <ol className="tw-stores__rows">
        {links.map((link, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the position is the identity.
          <li key={i} className="tw-stores__row">
            <div className="mb-3 tw-stores__code">
              <label htmlFor={`${id}-${i}`} className="form-label">
                {t('footer.linkLabel', { n: i + 1 })}
              </label>
              <select
                id={`${id}-${i}`}
                className="form-select"
                value={link.label}
                onChange={(event) => {
                  const label = event.target.value as (typeof FOOTER_LINK_KEYS)[number];
                  edit((d) => {
                    d.config.footer.links[i]!.label = label;
                  });
                }}
              >
                {FOOTER_LINK_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {tCommon(`footer.links.${key}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="tw-stores__grow">
              <Field
                label={t('footer.linkUrl', { n: i + 1 })}
                value={link.url}
                autoComplete="off"
                dir="ltr"
                error={errorAt(errors, `${PATH}.links.${i}.url`)}
                onChange={(value) =>
                  edit((d) => {
                    d.config.footer.links[i]!.url = value;
                  })
                }
              />
            </div>
            <RemoveButton
              label={t('footer.linkRemove', { n: i + 1 })}
              onClick={() => edit((d) => void d.config.footer.links.splice(i, 1))}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm mb-3"
        disabled={links.length >= 12}
        onClick={() => edit((d) => void d.config.footer.links.push({ label: 'home', url: '' }))}
      >
        {t('footer.linkAdd')}
      </button>
    </>
  );
}

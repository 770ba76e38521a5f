import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/forms/form-field.tsx';
import { errorAt } from '../lib/field-errors.ts';
import { Group, SwitchField } from './controls.tsx';
import type { GroupProps } from './general-groups.tsx';

/** Every `trackerSetting` switch (spec §3), in the tracker page's order. */
const TRACKER_SWITCHES = [
  'individual_standard_tracker',
  'committee',
  'industry_area',
  'publisher',
  'work_item',
] as const;

/** What users may track, and the publishers the publisher tracker offers. */
export function TrackerGroup({ draft, edit, errors }: GroupProps) {
  const { t } = useTranslation('console-stores');
  const setting = draft.config.trackerSetting;
  const path = 'config.trackerSetting';
  return (
    <Group legend={t('tracker.legend')}>
      {TRACKER_SWITCHES.map((key) => (
        <SwitchField
          key={key}
          label={t(`tracker.${key}`)}
          checked={setting[key].enabled}
          error={errorAt(errors, `${path}.${key}`)}
          onChange={(on) =>
            edit((d) => {
              d.config.trackerSetting[key] = { enabled: on };
            })
          }
        />
      ))}
      <h3 className="tw-stores__subhead">{t('publishers.title')}</h3>
      {setting.publisher_list.length === 0 ? <p className="form-text">{t('publishers.empty')}</p> : null}
      <ol className="tw-stores__rows">
        {setting.publisher_list.map((publisher, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the position is the identity.
          <PublisherRow key={i} publisher={publisher} i={i} edit={edit} errors={errors} />
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={() =>
          edit((d) => {
            d.config.trackerSetting.publisher_list.push({ code: '', name: '' });
          })
        }
      >
        {t('publishers.add')}
      </button>
    </Group>
  );
}

/** One publisher the publisher tracker offers: its code, its name, and the button that removes it. */
function PublisherRow({
  publisher,
  i,
  edit,
  errors,
}: {
  publisher: { code: string; name: string };
  /** The row's position in `publisher_list`. */
  i: number;
} & Pick<GroupProps, 'edit' | 'errors'>) {
  const { t } = useTranslation('console-stores');
  const path = 'config.trackerSetting';
  return (
    <li className="tw-stores__row">
      <div className="tw-stores__code">
        <Field
          label={t('publishers.code', { n: i + 1 })}
          value={publisher.code}
          autoComplete="off"
          dir="ltr"
          maxLength={32}
          error={errorAt(errors, `${path}.publisher_list.${i}.code`)}
          onChange={(value) =>
            edit((d) => {
              d.config.trackerSetting.publisher_list[i]!.code = value.toUpperCase();
            })
          }
        />
      </div>
      <div className="tw-stores__grow">
        <Field
          label={t('publishers.name', { n: i + 1 })}
          value={publisher.name}
          autoComplete="off"
          maxLength={200}
          error={errorAt(errors, `${path}.publisher_list.${i}.name`)}
          onChange={(value) =>
            edit((d) => {
              d.config.trackerSetting.publisher_list[i]!.name = value;
            })
          }
        />
      </div>
      <div className="tw-stores__row-actions">
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          onClick={() =>
            edit((d) => {
              d.config.trackerSetting.publisher_list.splice(i, 1);
            })
          }
        >
          {t('publishers.remove', { n: i + 1 })}
        </button>
      </div>
    </li>
  );
}

/** The feature flags and the content resolver's URL template. */
export function FlagsGroup({ draft, edit, errors }: GroupProps) {
  const { t } = useTranslation('console-stores');
  const flags = draft.featureFlags;
  return (
    <Group legend={t('flags.legend')}>
      <SwitchField
        label={t('flags.resolver')}
        checked={flags.enable_resolver_DP_for_content.enabled}
        error={errorAt(errors, 'featureFlags.enable_resolver_DP_for_content')}
        onChange={(on) =>
          edit((d) => {
            d.featureFlags.enable_resolver_DP_for_content = { enabled: on };
          })
        }
      />
      <SwitchField
        label={t('flags.publishers')}
        checked={flags.track_by_publishers.enabled}
        error={errorAt(errors, 'featureFlags.track_by_publishers')}
        onChange={(on) =>
          edit((d) => {
            d.featureFlags.track_by_publishers = { enabled: on };
          })
        }
      />
      <SwitchField
        label={t('flags.userWebhooks')}
        hint={t('flags.userWebhooksHint')}
        checked={flags.user_webhooks.enabled}
        error={errorAt(errors, 'featureFlags.user_webhooks')}
        onChange={(on) =>
          edit((d) => {
            d.featureFlags.user_webhooks = { enabled: on };
          })
        }
      />
      <Field
        label={t('flags.template')}
        value={draft.config.resolverApplicationUrl ?? ''}
        autoComplete="off"
        dir="ltr"
        required={false}
        hint={t('flags.templateHint')}
        error={errorAt(errors, 'config.resolverApplicationUrl')}
        onChange={(value) =>
          edit((d) => {
            d.config.resolverApplicationUrl = value || undefined;
          })
        }
      />
    </Group>
  );
}

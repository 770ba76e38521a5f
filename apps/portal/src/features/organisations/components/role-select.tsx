import { ORGANISATION_ROLES, type OrganisationRole } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';

/** A role picker: a labelled native select (keyboard and screen readers as the platform gives them). */
export function RoleSelect({
  id,
  label,
  value,
  onChange,
  disabled,
  visuallyHiddenLabel = false,
}: {
  id: string;
  label: string;
  value: OrganisationRole;
  onChange: (role: OrganisationRole) => void;
  disabled?: boolean;
  visuallyHiddenLabel?: boolean;
}) {
  const { t } = useTranslation('organisations');
  return (
    <div className="tw-org__field">
      <label htmlFor={id} className={visuallyHiddenLabel ? 'visually-hidden' : 'form-label'}>
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as OrganisationRole)}
      >
        {ORGANISATION_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`role.${role}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

// The server's Content-Security-Policy allows no inline <style>: the unstyled build, whose CSS index.css
// imports (in the app stylesheet, so the tenant theme stays the last stylesheet, see lib/stylesheets.ts).
import { useTranslation } from 'react-i18next';
import { type CloseButtonProps, ToastContainer } from 'react-toastify/unstyled';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../config/constants.ts';
import { directionOf } from '../../lib/i18n.ts';

/**
 * Where `notify` (lib/notify.ts) shows its toasts — spec §2 "Toasts appear top-left with a close icon. Success
 * is green, error is red, and other types are neutral info"; §9: 4 s, at most 20. In a right-to-left page
 * the corner mirrors with the rest of the layout (top-right is where an Arabic reader's eye starts).
 * A default export: the shell loads it lazily, so react-toastify is not part of the first download.
 */
export default function Toaster() {
  const { i18n } = useTranslation();
  const rtl = directionOf(i18n.language) === 'rtl';
  return (
    <ToastContainer
      position={rtl ? 'top-right' : 'top-left'}
      rtl={rtl}
      autoClose={TOAST_DURATION_MS}
      limit={TOAST_LIMIT}
      theme="colored"
      closeButton={ToastCloseButton}
      newestOnTop
    />
  );
}

/** react-toastify's own close icon (its styles follow the toast's colours), with a translated name. */
function ToastCloseButton({ closeToast, theme }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t('toast.close')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16" focusable="false">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

import { type KeyboardEvent, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { keepTabInside } from '../../lib/keep-tab-inside.ts';

export type ConfirmDialogProps = {
  open: boolean;
  /** Defaults to the translated "Please confirm". */
  title?: string;
  /** Defaults to the translated "Are you sure you want to continue?". */
  message?: string;
  onConfirm: () => void;
  /** No, Escape and a click on the backdrop all answer No. */
  onCancel: () => void;
};

/**
 * spec §2 "Confirmation modal": a title (default from translation), a message (default prompt), No and Yes.
 * Keyboard: focus starts on No (the safe answer), Tab stays inside, Escape answers No, and focus returns to
 * whatever opened the dialog. The rest of the page is inert while it is open.
 */
export function ConfirmDialog({ open, ...props }: ConfirmDialogProps) {
  if (!open) return null;
  return createPortal(<ConfirmDialogContent {...props} />, document.body);
}

/**
 * While the dialog is open, everything else on the page is inert (no focus, no clicks, hidden from screen
 * readers) and does not scroll; the focus starts on `first` and goes back to whatever opened the dialog.
 * The dialog's own host is a child of <body> (the portal) and stays live.
 */
function useModalPage(hostRef: RefObject<HTMLDivElement | null>, first: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = hostRef.current;
    const others = [...document.body.children].filter((el) => el !== host && !el.hasAttribute('inert'));
    for (const el of others) el.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    first.current?.focus();
    return () => {
      for (const el of others) el.removeAttribute('inert');
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [hostRef, first]);
}

function ConfirmDialogContent({ title, message, onConfirm, onCancel }: Omit<ConfirmDialogProps, 'open'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);

  useModalPage(hostRef, noRef);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key === 'Tab' && dialogRef.current) keepTabInside(event, dialogRef.current);
  }

  return (
    <div ref={hostRef} className="tw-modal-host">
      <div className="modal-backdrop show" />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut for No; keyboard users have Escape and the No button. */}
      <div
        className="modal show d-block"
        onKeyDown={onKeyDown}
        onMouseDown={(event) => {
          if (event.target === event.currentTarget) onCancel();
        }}
      >
        <div className="modal-dialog modal-dialog-centered">
          <div
            ref={dialogRef}
            className="modal-content"
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={messageId}
          >
            <div className="modal-header">
              <h2 className="modal-title fs-5" id={titleId}>
                {title ?? t('confirm.title')}
              </h2>
            </div>
            <div className="modal-body">
              <p className="mb-0" id={messageId}>
                {message ?? t('confirm.message')}
              </p>
            </div>
            <div className="modal-footer">
              <button ref={noRef} type="button" className="btn btn-outline-secondary" onClick={onCancel}>
                {t('confirm.no')}
              </button>
              <button type="button" className="btn btn-primary" onClick={onConfirm}>
                {t('confirm.yes')}
              </button>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

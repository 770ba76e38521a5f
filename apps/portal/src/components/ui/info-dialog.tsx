import { type ReactNode, useEffect, useId, useRef } from 'react';

type InfoDialogProps = {
  title: string;
  /** The close button's text (the opener's namespace has it). */
  closeLabel: string;
  children: ReactNode;
  onClose: () => void;
};

/**
 * spec §2 "Work-item info modal: several paragraphs and a close button" (and a standard's edition
 * history). A native modal <dialog>: the browser
 * keeps focus inside, makes the page behind it inert, closes it on Escape and gives focus back to the opener.
 * Mount it to open it.
 */
export function InfoDialog({ title, closeLabel, children, onClose }: InfoDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // A `close` event from an earlier cleanup (an effect run twice, as React's StrictMode does in
    // development) arrives after this showModal: the dialog is open again, so it is not a close.
    const onClosed = () => {
      if (!dialog.open) closeRef.current();
    };
    dialog.addEventListener('close', onClosed);
    return () => {
      dialog.removeEventListener('close', onClosed);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={ref} className="tw-info-dialog" aria-labelledby={titleId}>
      <div className="tw-info-dialog__header">
        <h2 id={titleId} className="tw-info-dialog__title">
          {title}
        </h2>
      </div>
      <div className="tw-info-dialog__body">{children}</div>
      <div className="tw-info-dialog__footer">
        <button type="button" className="btn btn-primary" onClick={() => ref.current?.close()}>
          {closeLabel}
        </button>
      </div>
    </dialog>
  );
}

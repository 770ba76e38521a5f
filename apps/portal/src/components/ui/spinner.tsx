/** A decorative spinner; whoever shows it also gives the status text (see `LoadingScreen`, `PendingMessage`). */
export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' }) {
  return <span className={`tw-spinner tw-spinner--${size}`} aria-hidden="true" />;
}

/**
 * The full-page loading state. Its markup matches the boot placeholder in index.html, so the page does not
 * jump when React takes over; the label is read by screen readers only.
 */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div className="tw-boot" role="status">
      <Spinner />
      <span className="tw-visually-hidden">{label}</span>
    </div>
  );
}

/** An in-page wait with visible text, e.g. "Completing sign-in…". */
export function PendingMessage({ children }: { children: string }) {
  return (
    <div className="tw-pending" role="status">
      <Spinner size="sm" />
      <span>{children}</span>
    </div>
  );
}

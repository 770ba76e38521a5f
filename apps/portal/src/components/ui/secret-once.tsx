import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** Its words, from the feature that shows it: this adds no strings to the shell's namespace. */
export type SecretOnceWords = {
  /** What to do with it: keep it safe, it will not be shown again. */
  warning: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
};

export type SecretOnceProps = {
  title: string;
  label: string;
  secret: string;
  words: SecretOnceWords;
  extra?: ReactNode;
  onDone: () => void;
};

/**
 * A secret (API key, client secret) shown this one time: a warning that it will not be shown again, the
 * value in a read-only field, a copy button, and "Done" that forgets it. It lives only in the screen's
 * state: leaving the screen forgets it too. Focus moves to its heading when it appears.
 */
export function SecretOnce({ title, label, secret, words, extra, onDone }: SecretOnceProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }

  return (
    <section className="alert alert-warning mb-3" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="h6" tabIndex={-1} ref={headingRef}>
        {title}
      </h4>
      <p>{words.warning}</p>
      <label className="form-label" htmlFor={`${id}-value`}>
        {label}
      </label>
      <div className="input-group">
        <input
          id={`${id}-value`}
          className="form-control font-monospace"
          dir="ltr"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn-outline-dark" onClick={copy}>
          {words.copy}
        </button>
      </div>
      <p className="small mt-1 mb-2" role="status">
        {copied === 'yes' ? words.copied : copied === 'no' ? words.copyFailed : ''}
      </p>
      {extra}
      <button type="button" className="btn btn-primary" onClick={onDone}>
        {words.done}
      </button>
    </section>
  );
}

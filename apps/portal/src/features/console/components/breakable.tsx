import { Fragment } from 'react';

/** A piece longer than this cannot wrap without breaking mid-word: it is shortened, the whole kept. */
const LONGEST_PIECE = 28;

/** The pieces of an address, key or path, each ending at a separator (`@ . / - _ : ,`). */
export function breakablePieces(text: string): string[] {
  return text.split(/(?<=[@./_:,-])/).filter((piece) => piece !== '');
}

/**
 * An e-mail address, a key, a host or a path that wraps only after its separators, never mid-word
 * ("operator@ / trackwell. / example", not "operator@tr / ackwell.exa / mple"). A piece too long for any line
 * (a key's digits) shows its start and end around "…"; the whole value is the element's title and what a
 * screen reader reads.
 */
export function Breakable({ text, className }: { text: string; className?: string }) {
  const pieces = breakablePieces(text);
  return (
    <span dir="ltr" className={`tw-console__breakable${className ? ` ${className}` : ''}`} title={text}>
      {pieces.map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, in their order.
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {piece.length > LONGEST_PIECE ? <Shortened piece={piece} /> : piece}
        </Fragment>
      ))}
    </span>
  );
}

function Shortened({ piece }: { piece: string }) {
  return (
    <>
      <span aria-hidden="true">{`${piece.slice(0, 12)}…${piece.slice(-8)}`}</span>
      <span className="tw-visually-hidden">{piece}</span>
    </>
  );
}

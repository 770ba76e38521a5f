/**
 * A name, address or designation written into a translated sentence (a toast, a label): between FSI (U+2068)
 * and PDI (U+2069), so a Latin value keeps its own direction, and the sentence's full stop its place, in Arabic.
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;

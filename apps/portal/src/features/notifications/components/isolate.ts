/** A value inside a translated sentence, isolated (FSI … PDI) so a Latin code keeps its place in Arabic. */
export const isolate = (value: string) => `\u2068${value}\u2069`;

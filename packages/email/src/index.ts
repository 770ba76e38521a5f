export * from './render.ts';
export * from './strings.ts';
export * from './unsubscribe-page.ts';
export * from './qp.ts';

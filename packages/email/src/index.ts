export * from './qp.ts';
export * from './render.ts';
export * from './strings.ts';
export * from './unsubscribe-page.ts';

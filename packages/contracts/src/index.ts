export * from './envelope.ts';
export * from './languages.ts';
export * from './safe-values.ts';
export * from './tenant-config.ts';

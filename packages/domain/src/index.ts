export * from './locales';
export * from './app-config';
export * from './errors';
export * from './validators/index';

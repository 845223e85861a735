export * from './shopping-list';
export * from './errors';
export type * from './ports';
export * from './is-favorite';
export * from './load-favorites';
export * from './toggle-favorite';
export * from './limits';

export * from './shopping-list';
export * from './errors';
export type * from './ports';
export * from './is-favorite';
export * from './load-favorites';
export * from './toggle-list-item';
export * from './limits';

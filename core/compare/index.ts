export * from './compare-state';
export * from './compare-tray';
export type * from './ports';
export * from './add-to-compare';
export * from './remove-from-compare';
export * from './clear-compare';
export * from './enable-compare';
export * from './load-compare';
export * from './compare-from-link';

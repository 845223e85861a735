export * from './store-location';
export * from './nearby-search';
export * from './location-cache';
export * from './ports';
export * from './find-nearby-stores';

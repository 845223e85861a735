/** core/analytics: the data layer, page views, cart tracking and third-party scripts. */
export * from './cart-tracking';
export * from './debounce';
export * from './events';
export * from './load-third-party-scripts';
export * from './page-views';
export type * from './ports';
export * from './analytics-use-cases';

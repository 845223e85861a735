export * from './model';
export * from './engine';
export * from './pricing';
export * from './promotions';
export * from './refusals';
export * from './shared-cart';

export * from './result';
export * from './async-status';
export * from './clock';
export * from './money';
export * from './sku';
export * from './channel';
export * from './cancel';
export * from './postal-address';

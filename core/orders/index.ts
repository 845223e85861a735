/** core/orders: Orders: finding a guest's order, order history and details. */
export * from './find-order';
export * from './order';
export type * from './ports';
export * from './get-child-orders';
export * from './get-order';
export * from './list-orders';
export * from './order-number';

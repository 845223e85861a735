export * from './card';
export * from './payment';
export * from './finance';
export * from './ports';
export * from './apply-for-finance';
export * from './card-sandbox';
export * from './shipments';

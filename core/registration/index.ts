/** core/registration: Product registration: the form, its upload, my products and my services. */
export type * from './ports';
export * from './registration-rules';
export * from './registration-state';
export * from './submit-product-registration';
export * from './upload-file-name';
export * from './use-cases';
export * from './warranty';

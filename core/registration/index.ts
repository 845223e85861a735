/** core/registration: Product registration: the form, its upload and the submit use case. */
export type * from './ports';
export * from './registration-state';
export * from './submit-product-registration';
export * from './upload-file-name';

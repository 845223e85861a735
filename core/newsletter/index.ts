/** core/newsletter: the newsletter sign-up with double opt-in and the campaign dialog's rule. */
export * from './campaign';
export type * from './ports';
export * from './subscribe';

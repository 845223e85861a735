/** core/auth: Signing in and staying signed in: tokens, sessions, sign-in, sign-up, sign-out, reset password. */
export * from './auth-modal';
export * from './ensure-session';
export * from './guest-token';
export * from './handle-token-error';
export * from './hidden-tab';
export * from './idle';
export * from './keep-session';
export * from './page-load';
export type * from './ports';
export * from './reset-password';
export * from './secure-pages';
export * from './session';
export * from './sign-in';
export * from './sign-in-result';
export * from './sign-out';
export * from './sign-up';
export * from './token-lifecycle';

/** core/account: The customer's account: profile, saved addresses, password and account deletion. */
export * from './account-security';
export * from './address-book';
export * from './addresses';
export * from './change-password';
export * from './delete-account';
export * from './demo-addresses';
export * from './errors';
export * from './persona';
export * from './ports';
export * from './profile';
export * from './profile-rules';
export * from './two-step-settings';

/**
 * Spec §2/§4 auth modal: the views sign-in, customer signup, pro signup and forgot password are
 * mutually exclusive, and opening any of them opens the modal.
 */
export type AuthModalView = 'signIn' | 'customerSignup' | 'proSignup' | 'forgotPassword';

export const AUTH_MODAL_VIEWS: readonly AuthModalView[] = [
  'signIn',
  'customerSignup',
  'proSignup',
  'forgotPassword',
];

export interface AuthModalState {
  readonly show: boolean;
  readonly view: AuthModalView;
}

export type AuthModalEvent =
  { readonly type: 'open'; readonly view: AuthModalView } | { readonly type: 'close' };

export const initialAuthModal: AuthModalState = { show: false, view: 'signIn' };

/** Closing also returns to the sign-in view, so the next plain open starts there. */
export const authModalReducer = (state: AuthModalState, event: AuthModalEvent): AuthModalState => {
  switch (event.type) {
    case 'open':
      return { show: true, view: event.view };
    case 'close':
      return state.show || state.view !== 'signIn' ? initialAuthModal : state;
  }
};

/** The spec's flags, derived so that at most one can be true. */
export const authModalFlags = (
  state: AuthModalState,
): {
  readonly showCustomerSignup: boolean;
  readonly showProSignup: boolean;
  readonly showForgotPassword: boolean;
} => ({
  showCustomerSignup: state.show && state.view === 'customerSignup',
  showProSignup: state.show && state.view === 'proSignup',
  showForgotPassword: state.show && state.view === 'forgotPassword',
});

/** The body of the auth modal or login page: exactly one of its four views (spec §2/§4). */
import { observer } from 'mobx-react-lite';
import type { AuthModalView } from '../../core/auth/auth-modal';
import type { AuthViewModel } from './auth-view-model';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export const viewTitles: Readonly<Record<AuthModalView, string>> = {
  signIn: 'Sign in',
  customerSignup: 'Create an account',
  proSignup: 'Create a pro account',
  forgotPassword: 'Reset your password',
};

export const AuthViews = observer(
  ({ auth, onSignedIn }: { auth: AuthViewModel; onSignedIn?: () => void }) => {
    const view = auth.modal.view;
    if (view === 'forgotPassword' && auth.forgotPassword !== null) {
      return <ForgotPasswordForm auth={auth} form={auth.forgotPassword} />;
    }
    if ((view === 'customerSignup' || view === 'proSignup') && auth.signUpForm !== null) {
      return (
        <SignUpForm
          auth={auth}
          form={auth.signUpForm}
          {...(onSignedIn === undefined ? {} : { onSignedIn })}
        />
      );
    }
    return <SignInForm auth={auth} {...(onSignedIn === undefined ? {} : { onSignedIn })} />;
  },
);

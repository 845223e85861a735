/**
 * Spec §4 page load step 4: a guest on a secure page goes to the login page with the encoded
 * redirect parameter; the login page brings them back after signing in (step 5).
 */
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './auth-context';

export const SecurePageGuard = observer(({ children }: { children: ReactNode }) => {
  const auth = useAuth();
  const location = useLocation();
  const target = auth.loginRedirectFor(`${location.pathname}${location.search}${location.hash}`);
  if (target !== null) return <Navigate replace to={target} />;
  return <>{children}</>;
});

/**
 * Route `/en/register-product/online`: a signed-in shopper picks lines of their orders and registers
 * them in one step; lines already registered say so. A guest is asked to sign in (their orders are
 * in their account), with the in-store form one link away.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import { loginUrlFor } from '../../core/auth/page-load';
import type { SubmitProductRegistration } from '../../core/registration/submit-product-registration';
import type { LoadRegistrableItems } from '../../core/registration/use-cases';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import { useOptionalAuth } from '../auth/auth-context';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import { formatDay } from '../registration/my-products-view-model';
import {
  itemKey,
  OnlineRegistrationViewModel,
} from '../registration/online-registration-view-model';
import '../registration/registration.css';

const RegisterOnlinePage = observer(() => {
  const container = useContainer();
  const auth = useOptionalAuth();
  const location = useLocation();
  const [vm] = useState(
    () =>
      new OnlineRegistrationViewModel({
        load: container.get<LoadRegistrableItems>(TYPES.LoadRegistrableItems),
        submit: container.get<SubmitProductRegistration>(TYPES.SubmitProductRegistration),
      }),
  );
  const signedIn = auth?.isAuth ?? false;
  useEffect(() => {
    if (signedIn) void vm.load();
  }, [vm, signedIn]);

  const title = pageTitles.registerOnline;
  const here = `${location.pathname}${location.search}`;
  return (
    <main id="main" className="page page--register registration-page">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      {!signedIn ? (
        <EmptyState
          title="Sign in to register products from your orders"
          action={
            <>
              <Link className="button" to={loginUrlFor(auth?.loginPath ?? '/en/login', here)}>
                Sign in
              </Link>{' '}
              <Link to="/en/register-product/offline">Register a product without an account</Link>
            </>
          }
        >
          <p>Your orders are kept in your account. Bought it elsewhere? Use the in-store form.</p>
        </EmptyState>
      ) : (
        <div aria-busy={vm.status === 'loading'}>
          {(vm.status === 'idle' || vm.status === 'loading') && (
            <>
              <span className="visually-hidden" role="status">
                Loading your orders…
              </span>
              <Skeleton height="4rem" />
              <Skeleton height="4rem" />
            </>
          )}
          {vm.status === 'failed' && (
            <ErrorState
              title="We could not load your orders."
              message="Please check your connection and try again."
              onRetry={() => void vm.load()}
            />
          )}
          {vm.isEmpty && (
            <EmptyState
              title="No ordered products to register yet"
              action={
                <Link className="button" to="/en/register-product/offline">
                  Register a product bought in a store
                </Link>
              }
            >
              <p>Products you order on lavabo.com appear here.</p>
            </EmptyState>
          )}
          {vm.status === 'succeeded' && vm.items.length > 0 && (
            <form
              className="registration-online"
              aria-busy={vm.state.isDisabled}
              onSubmit={(e) => {
                e.preventDefault();
                void vm.submit();
              }}
            >
              <fieldset aria-describedby={vm.error !== null ? 'online-error' : undefined}>
                <legend>Choose the products to register</legend>
                <ul className="registration-online__list">
                  {vm.items.map((item) => {
                    const id = `item-${itemKey(item).replace(/[^A-Za-z0-9-]/g, '-')}`;
                    const done = item.registrationId !== null;
                    return (
                      <li key={itemKey(item)} className="registration-online__item">
                        <input
                          id={id}
                          type="checkbox"
                          checked={done || vm.isSelected(item)}
                          disabled={done || vm.state.isDisabled}
                          aria-describedby={`${id}-meta`}
                          onChange={() => vm.toggle(item)}
                        />
                        <label htmlFor={id}>
                          {item.title}
                          {item.finish !== null ? ` (${item.finish})` : ''}
                        </label>
                        <span id={`${id}-meta`} className="registration-online__meta">
                          {item.sku} · Order {item.orderNumber} · {formatDay(item.orderedAt)}
                          {done && ' · Already registered'}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
              {vm.error !== null && (
                <p id="online-error" className="auth-field__error" role="alert">
                  {vm.error}
                </p>
              )}
              <div className="registration-form__submit">
                <button type="submit" className="button" disabled={vm.state.isDisabled}>
                  Register product
                </button>
                <div role="status" className="registration-form__progress">
                  {vm.state.isDisabled && 'Registering your products…'}
                  {vm.state.isSuccess && (
                    <p>
                      {vm.registeredCount === 1
                        ? 'Thank you. 1 product is registered.'
                        : `Thank you. ${vm.registeredCount} products are registered.`}{' '}
                      <Link to="/en/account/my-products">See My products</Link>
                    </p>
                  )}
                </div>
              </div>
            </form>
          )}
        </div>
      )}
      <p className="registration-page__alt">
        Bought it in a store? <Link to="/en/register-product/offline">Register it here</Link>
      </p>
    </main>
  );
});

export default RegisterOnlinePage;

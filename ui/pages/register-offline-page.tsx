/**
 * Route `/en/register-product/offline`: register a product bought in a showroom, from a retailer or
 * through an installer — model number (with suggestions from the catalogue, discontinued models
 * included), purchase details, owner and installation address, and the receipt. Guests may register
 * with their contact details; the registration joins their account when they sign in.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import type { SubmitProductRegistration } from '../../core/registration/submit-product-registration';
import type { SuggestModelNumbers, UploadProofOfPurchase } from '../../core/registration/use-cases';
import type { CheckoutUseCases } from '../../core/checkout/checkout-use-cases';
import type { Clock } from '../../core/shared/clock';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import { useOptionalAuth } from '../auth/auth-context';
import { OfflineRegistrationViewModel } from '../registration/offline-registration-view-model';
import { OfflineRegistrationForm } from '../registration/registration-form';
import '../auth/auth.css';
import '../registration/registration.css';

const RegisterOfflinePage = observer(() => {
  const container = useContainer();
  const auth = useOptionalAuth();
  const [vm] = useState(() => {
    const clock = container.get<Clock>(TYPES.Clock);
    return new OfflineRegistrationViewModel({
      submit: container.get<SubmitProductRegistration>(TYPES.SubmitProductRegistration),
      upload: container.get<UploadProofOfPurchase>(TYPES.UploadProofOfPurchase),
      suggest: container.get<SuggestModelNumbers>(TYPES.SuggestModelNumbers),
      today: () => new Date(clock.now()).toISOString().slice(0, 10),
      places: () => (auth?.configuration ?? DEFAULT_CONFIGURATION).lists.placeOfPurchase,
      savedAddresses: container.get<CheckoutUseCases>(TYPES.CheckoutUseCases).listAddresses,
    });
  });
  // The product page's "Register this product" names its model (?model=K-…).
  const [params] = useSearchParams();
  const model = params.get('model');
  useEffect(() => {
    if (model !== null && model.trim() !== '' && vm.modelNumber === '') vm.setModelNumber(model);
  }, [vm, model]);
  const claims = auth?.isAuth ? auth.claims : null;
  useEffect(() => {
    if (claims !== null && claims !== undefined) {
      void vm.prefillSignedIn({
        firstName: claims.firstName,
        lastName: claims.lastName,
        email: claims.email,
      });
    }
  }, [vm, claims]);

  const title = pageTitles.registerOffline;
  return (
    <main id="main" className="page page--register registration-page">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      <p className="registration-page__intro">
        Bought it in a showroom, from a retailer or through your installer? Tell us about it to keep
        the warranty, the documents and the parts that fit in one place.
        {auth !== null && !auth.isAuth && (
          <>
            {' '}
            You can register without an account; sign in later with the same e-mail and the product
            appears under My products.
          </>
        )}
      </p>
      <p className="registration-page__alt">
        Bought it on lavabo.com?{' '}
        <Link to="/en/register-product/online">Register it from your orders</Link>
      </p>
      <OfflineRegistrationForm vm={vm} signedIn={auth?.isAuth ?? false} />
    </main>
  );
});

export default RegisterOfflinePage;

import { toJS } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import type { CartUseCases } from '../../core/cart/cart-use-cases';
import type { CheckoutUseCases } from '../../core/checkout/checkout-use-cases';
import type { Clock } from '../../core/shared/clock';
import { isAssociate } from '../../core/account/persona';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import { DEFAULT_FIELD_RULES } from '../../core/validation/field-patterns';
import { useContainer } from '../app/container-context';
import { useOptionalAuth } from '../auth/auth-context';
import { useCart } from '../cart/cart-context';
import { CheckoutView } from '../checkout/checkout-view';
import { CheckoutViewModel } from '../checkout/checkout-view-model';
import { checkPostalCodeOf } from '../stores/postal-code-assist';
import { toasterOf } from '../shell/toaster';

const origin = (): string => (typeof window === 'undefined' ? '' : window.location.origin);

const newKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** /en/checkout: address, shipping, payment and "Place order"; the providers return here. */
const CheckoutPage = observer(() => {
  const container = useContainer();
  const cart = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const clock = container.get<Clock>(TYPES.Clock);
  const auth = useOptionalAuth();
  const [vm] = useState(
    () =>
      new CheckoutViewModel({
        cart,
        store: container.get<CartUseCases>(TYPES.CartUseCases).store,
        // A fresh set per visit: the container builds them, the screen only calls them.
        useCases: container.get<CheckoutUseCases>(TYPES.CheckoutUseCases),
        now: () => clock.now(),
        redirect: (url) => window.location.assign(url),
        newKey,
        origin: origin(),
        cardTypes: () => (auth?.configuration ?? DEFAULT_CONFIGURATION).lists.cardTypes,
        regions: () => (auth?.configuration ?? DEFAULT_CONFIGURATION).lists.states,
        checkPostalCode: checkPostalCodeOf(container),
        notify: toasterOf(container),
        rules: () => auth?.fieldRules ?? DEFAULT_FIELD_RULES,
        isAssociate: () => auth !== null && auth.isAuth && isAssociate(auth.persona),
        customerEmail: () => (auth?.isAuth === true ? (auth.claims?.email ?? null) : null),
      }),
  );
  const [search] = useState(() => location.search);
  useEffect(() => {
    vm.start(new URLSearchParams(search));
    void cart.load();
  }, [vm, cart, search]);
  // Saved addresses are the signed-in customer's: load them again when that changes.
  const signedInAs = auth?.isAuth === true ? (auth.claims?.email ?? null) : null;
  useEffect(() => {
    void vm.loadSavedAddresses();
  }, [vm, signedInAs]);
  const loaded = cart.cart;
  useEffect(() => {
    if (loaded !== null) vm.fillFromCart();
  }, [vm, loaded]);
  return (
    <CheckoutView
      vm={vm}
      now={clock.now()}
      onPlaced={() => {
        const order = vm.order;
        if (order === null) return;
        void navigate(`/en/order-confirmation?id=${encodeURIComponent(order.orderNumber)}`, {
          // History state must be cloneable: a plain copy, not the observable.
          state: { order: toJS(order) },
        });
      }}
    />
  );
});

export default CheckoutPage;

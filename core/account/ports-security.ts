/**
 * Port of the signed-in customer's account security (spec §7 "Customer": POST
 * /customer/change_password, DELETE /customer/account). The server knows whose account from the
 * token; a guest is refused. The typed refusals live in ./account-security.ts.
 */
export interface AccountSecurityGateway {
  /**
   * Replaces the customer's password. Resolves once it is changed; throws
   * PasswordChangeRejectedError naming the fields the server refused (a wrong current password, a
   * new one that breaks the profile rule); anything else (network, a guest's 403) stays the
   * adapter's error.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /**
   * Deletes the customer's account and what is only theirs. Resolves once it is gone (spec §7:
   * truthy data means success); throws AccountNotDeletedError when the answer says otherwise, the
   * adapter's error when the call fails.
   */
  deleteAccount(): Promise<void>;
}

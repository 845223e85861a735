import type { RegistrationKind } from './registration-state';

/** The registration form as submitted; its exact fields are the form's (spec: not shown). */
export interface ProductRegistrationRequest {
  readonly kind: RegistrationKind;
  readonly fields: Readonly<Record<string, string>>;
}

/** The response data of POST /crm/product/registration, as the adapter decoded it. */
export interface RegistrationResponse {
  readonly success?: unknown;
  readonly message?: unknown;
}

/**
 * Port: the CRM registration call (spec §7 CRM). Resolves with the response data, for failures
 * too; rejects only when no answer came back.
 */
export interface RegistrationGateway {
  submit(request: ProductRegistrationRequest): Promise<RegistrationResponse>;
}

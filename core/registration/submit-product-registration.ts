/**
 * Use case: submit a product registration (spec §7 POST /crm/product/registration). Success is
 * a response field `success` equal to the string 'true' — nothing else counts, not even the
 * boolean true. A failure carries the response's message, or the general failure text.
 */
import { err, ok, type Result } from '../shared/result';
import type {
  OnlineItemOutcome,
  ProductRegistration,
  ProductRegistrationRequest,
  RegistrationFieldError,
  RegistrationGateway,
  RegistrationResponse,
} from './ports';

export const GENERAL_FAILURE_MESSAGE = 'Something went wrong. Please try again...';

export interface RegistrationFailure {
  readonly message: string;
  /** Every field the server named (empty when the failure names none). */
  readonly fieldErrors: readonly RegistrationFieldError[];
}

/** What a successful registration wrote (online: with each item's outcome). */
export interface RegistrationSuccess {
  readonly registrations: readonly ProductRegistration[];
  readonly items: readonly OnlineItemOutcome[];
}

export const isRegistrationSuccess = (response: RegistrationResponse): boolean =>
  response.success === 'true';

export const registrationFailureMessage = (response: RegistrationResponse): string =>
  typeof response.message === 'string' && response.message.trim() !== ''
    ? response.message
    : GENERAL_FAILURE_MESSAGE;

export class SubmitProductRegistration {
  constructor(private readonly gateway: Pick<RegistrationGateway, 'submit'>) {}

  async execute(
    request: ProductRegistrationRequest,
  ): Promise<Result<RegistrationSuccess, RegistrationFailure>> {
    let response: RegistrationResponse;
    try {
      response = await this.gateway.submit(request);
    } catch {
      return err({ message: GENERAL_FAILURE_MESSAGE, fieldErrors: [] });
    }
    return isRegistrationSuccess(response)
      ? ok({ registrations: response.registrations ?? [], items: response.items ?? [] })
      : err({
          message: registrationFailureMessage(response),
          fieldErrors: response.fieldErrors ?? [],
        });
  }
}

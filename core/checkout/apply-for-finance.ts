/**
 * Use case: create a finance application and hand back the address to send the shopper to
 * (spec §4 Finance). The browser redirect itself is the screen's job. Spec §8: any status other
 * than 201, or an exception, gives the configured error message; so does a 201 without a usable
 * http(s) application address, since redirecting there would fail or be unsafe.
 */
import { err, ok, type Result } from '../shared/result';
import { isSafeLink } from '../validation/safe-link';
import {
  buildFinanceApplication,
  FINANCE_APPLICATION_CREATED,
  type FinanceApplicationError,
  type FinanceApplicationInput,
  type FinanceApplicationOptions,
} from './finance';
import type { FinanceGateway } from './ports';

export const DEFAULT_FINANCE_ERROR_MESSAGE =
  'We could not start your finance application. Please try again or choose another payment method.';

/** The configured finance error message (spec §3, §8); the default when none or a blank one. */
export const financeErrorMessageOf = (configuration: {
  readonly financeErrorMessage?: string;
}): string => {
  const configured = configuration.financeErrorMessage?.trim() ?? '';
  return configured === '' ? DEFAULT_FINANCE_ERROR_MESSAGE : configured;
};

export type ApplyForFinanceError =
  | FinanceApplicationError
  | { readonly kind: 'provider'; readonly message: string; readonly status?: number };

export interface FinanceRedirect {
  readonly applicationUrl: string;
}

export class ApplyForFinance {
  constructor(
    private readonly gateway: FinanceGateway,
    /** The configured message, or where to read it at each try (configuration may load late). */
    private readonly errorMessage: string | (() => string) = DEFAULT_FINANCE_ERROR_MESSAGE,
    private readonly options: FinanceApplicationOptions = {},
  ) {}

  async execute(
    input: FinanceApplicationInput,
  ): Promise<Result<FinanceRedirect, ApplyForFinanceError>> {
    const request = buildFinanceApplication(input, this.options);
    if (!request.ok) return request;
    const message =
      typeof this.errorMessage === 'function' ? this.errorMessage() : this.errorMessage;
    try {
      const response = await this.gateway.createApplication(request.value);
      if (response.status !== FINANCE_APPLICATION_CREATED) {
        return err({ kind: 'provider', message, status: response.status });
      }
      const url = response.applicationUrl?.trim() ?? '';
      if (!/^https?:\/\//i.test(url) || !isSafeLink(url)) {
        return err({ kind: 'provider', message, status: response.status });
      }
      return ok({ applicationUrl: url });
    } catch {
      return err({ kind: 'provider', message });
    }
  }
}

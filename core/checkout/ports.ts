import type { FinanceApplicationRequest } from './finance';

/** What the finance application call answered: its status and urls.application_url. */
export interface FinanceApplicationResponse {
  readonly status: number;
  readonly applicationUrl?: string;
}

/** Port: the finance application endpoint of spec §7. */
export interface FinanceGateway {
  createApplication(request: FinanceApplicationRequest): Promise<FinanceApplicationResponse>;
}

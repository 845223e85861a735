/**
 * Model-based test of the registration form: the state machine (spec §4) driven by the
 * SubmitProductRegistration use case over an in-memory gateway whose answers arrive when the
 * test says so, so double submits and late answers are exercised.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  ProductRegistrationRequest,
  RegistrationGateway,
  RegistrationResponse,
} from '../../../core/registration/ports';
import {
  initialRegistrationState,
  registrationReducer,
  type ModelSuggestion,
  type RegistrationState,
} from '../../../core/registration/registration-state';
import {
  GENERAL_FAILURE_MESSAGE,
  SubmitProductRegistration,
} from '../../../core/registration/submit-product-registration';

type Answer =
  | { readonly kind: 'respond'; readonly response: RegistrationResponse }
  | { readonly kind: 'noAnswer' };

class HeldGateway implements Pick<RegistrationGateway, 'submit'> {
  readonly requests: ProductRegistrationRequest[] = [];
  private release: ((answer: Answer) => void) | null = null;
  submit(request: ProductRegistrationRequest): Promise<RegistrationResponse> {
    this.requests.push(request);
    return new Promise((resolve, reject) => {
      this.release = (answer) =>
        answer.kind === 'respond' ? resolve(answer.response) : reject(new Error('timeout'));
    });
  }
  answer(a: Answer): void {
    const release = this.release;
    this.release = null;
    release?.(a);
  }
}

/** The form as a view model would wire it: dispatch, call the use case, dispatch the outcome. */
class RegistrationForm {
  state: RegistrationState = initialRegistrationState;
  private pending: Promise<void> | null = null;
  constructor(private readonly submitUseCase: SubmitProductRegistration) {}
  submit(request: ProductRegistrationRequest): void {
    const next = registrationReducer(this.state, { type: 'submit' });
    if (next === this.state) return;
    this.state = next;
    this.pending = this.submitUseCase.execute(request).then((result) => {
      this.state = registrationReducer(
        this.state,
        result.ok ? { type: 'succeeded' } : { type: 'failed', message: result.error.message },
      );
    });
  }
  async settle(): Promise<void> {
    await this.pending;
    this.pending = null;
  }
  modelSearched(suggestions: readonly ModelSuggestion[]): void {
    this.state = registrationReducer(this.state, { type: 'modelSearched', suggestions });
  }
}

interface Model {
  inFlight: boolean;
  sent: number;
  isSuccess: boolean;
  submitError: string | null;
  invalidModelNumber: boolean;
}

interface Real {
  readonly gateway: HeldGateway;
  readonly form: RegistrationForm;
}

type FormCommand = fc.AsyncCommand<Model, Real>;

const checkAgainst = (m: Model, r: Real): void => {
  expect(r.form.state.isDisabled).toBe(m.inFlight);
  expect(r.form.state.isSuccess).toBe(m.isSuccess);
  expect(r.form.state.submitError).toBe(m.submitError);
  expect(r.form.state.invalidModelNumber).toBe(m.invalidModelNumber);
  expect(r.gateway.requests).toHaveLength(m.sent);
};

class Submit implements FormCommand {
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    r.form.submit({ kind: 'online', items: [{ orderNumber: 'LV-ABCDEFGHJK', lineItemId: 'l1' }] });
    if (!m.inFlight) {
      m.inFlight = true;
      m.sent += 1;
      m.submitError = null;
      m.isSuccess = false;
    }
    checkAgainst(m, r);
  }
  toString = (): string => 'submit';
}

class GatewayAnswers implements FormCommand {
  constructor(readonly answer: Answer) {}
  check = (m: Readonly<Model>): boolean => m.inFlight;
  async run(m: Model, r: Real): Promise<void> {
    r.gateway.answer(this.answer);
    await r.form.settle();
    m.inFlight = false;
    const success = this.answer.kind === 'respond' && this.answer.response.success === 'true';
    m.isSuccess = success;
    if (!success) {
      const message = this.answer.kind === 'respond' ? this.answer.response.message : undefined;
      m.submitError =
        typeof message === 'string' && message.trim() !== '' ? message : GENERAL_FAILURE_MESSAGE;
    }
    checkAgainst(m, r);
  }
  toString = (): string => `answer(${JSON.stringify(this.answer)})`;
}

class SearchModel implements FormCommand {
  constructor(readonly found: number) {}
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    r.form.modelSearched(Array.from({ length: this.found }, (_, i) => ({ modelNumber: `K-${i}` })));
    m.invalidModelNumber = this.found === 0;
    checkAgainst(m, r);
  }
  toString = (): string => `searchModel(${this.found})`;
}

const answers: fc.Arbitrary<Answer> = fc.oneof(
  fc.constant({ kind: 'respond' as const, response: { success: 'true' } }),
  fc.constant({ kind: 'respond' as const, response: { success: true } }),
  fc.constant({ kind: 'noAnswer' as const }),
  fc
    .record(
      {
        success: fc.constantFrom('false', undefined, 'yes'),
        message: fc.oneof(fc.string(), fc.constant(undefined)),
      },
      { noNullPrototype: true },
    )
    .map((response) => ({ kind: 'respond' as const, response })),
);

describe('product registration form (model-based)', () => {
  it('disables while sending, sends once per submission, and shows the outcome', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.commands<Model, Real, false>(
          [
            fc.constant(new Submit()),
            answers.map((a) => new GatewayAnswers(a)),
            fc.nat({ max: 3 }).map((n) => new SearchModel(n)),
          ],
          { maxCommands: 30 },
        ),
        (cmds) =>
          fc.asyncModelRun(() => {
            const gateway = new HeldGateway();
            return {
              model: {
                inFlight: false,
                sent: 0,
                isSuccess: false,
                submitError: null,
                invalidModelNumber: false,
              },
              real: { gateway, form: new RegistrationForm(new SubmitProductRegistration(gateway)) },
            };
          }, cmds),
      ),
      { numRuns: 100 },
    );
  });
});

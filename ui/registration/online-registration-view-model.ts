/**
 * Online registration (spec §3/§4): a signed-in shopper's order lines, picked and registered in one
 * call. Lines already registered say so and cannot be picked again; the submit follows core's
 * registration reducer like the offline form.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { AsyncStatus } from '../../core/shared/async-status';
import type { OnlineItemOutcome, RegistrableItem } from '../../core/registration/ports';
import {
  initialRegistrationState,
  registrationReducer,
  type RegistrationEvent,
  type RegistrationState,
} from '../../core/registration/registration-state';
import {
  MAX_ONLINE_ITEMS,
  REGISTRATION_MESSAGES,
} from '../../core/registration/registration-rules';
import type { SubmitProductRegistration } from '../../core/registration/submit-product-registration';
import type { LoadRegistrableItems } from '../../core/registration/use-cases';

export const itemKey = (item: { orderNumber: string; lineItemId: string }): string =>
  `${item.orderNumber}/${item.lineItemId}`;

export const TOO_MANY_ITEMS = `Choose at most ${MAX_ONLINE_ITEMS} items at a time.`;

export class OnlineRegistrationViewModel {
  status: AsyncStatus = 'idle';
  items: readonly RegistrableItem[] = [];
  selected: ReadonlySet<string> = new Set();
  state: RegistrationState = initialRegistrationState;
  /** Why nothing was sent, or the server's words for a refusal. */
  error: string | null = null;
  /** The outcome of the last successful submit, one per item asked for. */
  outcomes: readonly OnlineItemOutcome[] = [];

  constructor(
    private readonly deps: {
      readonly load: Pick<LoadRegistrableItems, 'execute'>;
      readonly submit: Pick<SubmitProductRegistration, 'execute'>;
    },
  ) {
    makeAutoObservable<OnlineRegistrationViewModel, 'deps'>(this, { deps: false });
  }

  private dispatch(event: RegistrationEvent): void {
    this.state = registrationReducer(this.state, event);
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const items = await this.deps.load.execute();
      runInAction(() => {
        this.items = items;
        this.status = 'succeeded';
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  get isEmpty(): boolean {
    return this.status === 'succeeded' && this.items.length === 0;
  }

  /** Lines still to register. */
  get open(): readonly RegistrableItem[] {
    return this.items.filter((i) => i.registrationId === null);
  }

  isSelected(item: RegistrableItem): boolean {
    return this.selected.has(itemKey(item));
  }

  toggle(item: RegistrableItem): void {
    if (item.registrationId !== null) return;
    const next = new Set(this.selected);
    const key = itemKey(item);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    this.selected = next;
    this.error = null;
  }

  get registeredCount(): number {
    return this.outcomes.filter((o) => o.status === 'registered').length;
  }

  async submit(): Promise<void> {
    if (this.state.isDisabled) return;
    const items = this.items
      .filter((i) => this.selected.has(itemKey(i)))
      .map(({ orderNumber, lineItemId }) => ({ orderNumber, lineItemId }));
    if (items.length === 0) {
      this.error = REGISTRATION_MESSAGES.itemsRequired;
      return;
    }
    if (items.length > MAX_ONLINE_ITEMS) {
      this.error = TOO_MANY_ITEMS;
      return;
    }
    this.error = null;
    this.dispatch({ type: 'submit' });
    const result = await this.deps.submit.execute({ kind: 'online', items });
    if (result.ok) {
      const outcomes = result.value.items;
      runInAction(() => {
        this.outcomes = outcomes;
        // The lines now registered say so, without another round trip.
        const done = new Map(outcomes.map((o) => [itemKey(o), o.registrationId]));
        this.items = this.items.map((i) =>
          done.has(itemKey(i)) ? { ...i, registrationId: done.get(itemKey(i)) ?? null } : i,
        );
        this.selected = new Set();
        this.dispatch({ type: 'succeeded' });
      });
    } else {
      const { message, fieldErrors } = result.error;
      runInAction(() => {
        this.error = fieldErrors.length > 0 ? fieldErrors.map((e) => e.message).join(' ') : message;
        this.dispatch({ type: 'failed', message });
      });
    }
  }
}

/**
 * The shell's toaster (spec §3 generic UI state `toaster {message, isVisible, content}`, §9 toasts
 * stay 5000 ms): one toast at a time, in one live region (ui/shell/toaster-view.tsx), or beside it
 * when the screen announces the same words itself (`quiet`). A new toast
 * replaces the one showing — the shopper reads the latest outcome, and a screen reader announces
 * each as it appears; a queue would keep a stale message on screen after the shopper moved on.
 * One store per app, held in the DI container so any view model can be handed it.
 */
import type { Container } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';

/** Spec §9: toasts stay 5000 ms. */
export const TOAST_MS = 5000;

export type ToastKind = 'info' | 'success' | 'error';

/** A link the toast offers (e.g. "View cart"); following it dismisses the toast. */
export interface ToastAction {
  readonly label: string;
  readonly to: string;
}

export interface ToastInput {
  readonly message: string;
  readonly kind?: ToastKind;
  readonly action?: ToastAction;
  /** Who raised it (e.g. 'cart'), so an area can tell its own toast from another's. */
  readonly source?: string;
  /**
   * The screen in view says the same in a live region of its own (the cart page's message, the
   * address book's alert): the toast is shown but not announced, so a screen reader hears it once.
   */
  readonly quiet?: boolean;
}

export interface Toast {
  readonly id: number;
  readonly message: string;
  readonly kind: ToastKind;
  readonly action?: ToastAction;
  readonly source?: string;
  readonly quiet?: boolean;
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What a view model needs of the toaster: show one, take it away. */
export interface Notify {
  show(toast: ToastInput): number;
  dismiss(id?: number): void;
}

export class ToasterStore implements Notify {
  current: Toast | null = null;
  private counter = 0;
  private timer: unknown = null;

  constructor(
    private readonly timers: Timers = browserTimers,
    readonly durationMs: number = TOAST_MS,
  ) {
    makeAutoObservable<ToasterStore, 'timers' | 'timer' | 'counter'>(this, {
      timers: false,
      timer: false,
      counter: false,
    });
  }

  /** §3 `toaster.message`. */
  get message(): string {
    return this.current?.message ?? '';
  }

  /** §3 `toaster.isVisible`. */
  get isVisible(): boolean {
    return this.current !== null;
  }

  /** §3 `toaster.content`: what the toast offers beside its message. */
  get content(): ToastAction | null {
    return this.current?.action ?? null;
  }

  /** Shows a toast for `durationMs` in place of any showing; returns its id. */
  show(input: ToastInput): number {
    this.clearTimer();
    this.counter += 1;
    const id = this.counter;
    this.current = {
      id,
      message: input.message,
      kind: input.kind ?? 'info',
      ...(input.action === undefined ? {} : { action: input.action }),
      ...(input.source === undefined ? {} : { source: input.source }),
      ...(input.quiet === true ? { quiet: true } : {}),
    };
    this.timer = this.timers.setTimeout(() => {
      runInAction(() => {
        if (this.current?.id === id) this.current = null;
      });
    }, this.durationMs);
    return id;
  }

  /** Takes the toast away (only toast `id`, when given and no longer showing: nothing). */
  dismiss(id?: number): void {
    if (id !== undefined && this.current?.id !== id) return;
    this.clearTimer();
    this.current = null;
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}

/** One toaster per app (per container): the browser's one, or each test's own. */
const toasters = new WeakMap<Container, ToasterStore>();

/**
 * The app's toaster. Every screen and view model of one app gets the same one. It is kept beside
 * the container, not bound in it: adapters/di may not import ui, and the ui never asks the
 * container what is bound (tests/arch/ui-resolves-use-cases.test.ts).
 */
export const toasterOf = (container: Container): ToasterStore => {
  let toaster = toasters.get(container);
  if (toaster === undefined) {
    toaster = new ToasterStore();
    toasters.set(container, toaster);
  }
  return toaster;
};

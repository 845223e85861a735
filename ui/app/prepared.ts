/**
 * Server rendering's first view (issue 15): a page module may export `prepare`, which makes the
 * page's view models and loads them before anything renders. The server runs it, renders, and
 * embeds the answers the loads used (adapters/http/page-answers.ts); the browser runs the same
 * `prepare` over those answers before hydrating, so both render the same view models in the same
 * state. Screens take their prepared view model with `useViewModel(create, key)`.
 */
import type { Container } from 'inversify';
import type { RouteId } from '../../core/content/routes';

/** The view models of the first view, by key; cleared once the first render is on screen. */
export class PreparedViewModels {
  private readonly models = new Map<string, unknown>();

  set(key: string, viewModel: unknown): void {
    this.models.set(key, viewModel);
  }

  get<T>(key: string): T | undefined {
    return this.models.get(key) as T | undefined;
  }

  clear(): void {
    this.models.clear();
  }
}

/** Where the first view is and what it can use. */
export interface PrepareContext {
  readonly container: Container;
  readonly prepared: PreparedViewModels;
  readonly routeId: RouteId;
  readonly pathname: string;
  /** The query string with its `?`, or ''. */
  readonly search: string;
  readonly params: Readonly<Record<string, string | undefined>>;
  /** Resolves once no call the view models started is still on its way. */
  readonly settled: () => Promise<void>;
}

/** Makes and loads the view models of a page's first view (resolves when they have loaded). */
export type PreparePage = (context: PrepareContext) => Promise<void>;

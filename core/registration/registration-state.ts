/**
 * Spec §3/§4 product registration state (one per form, offline and online):
 * submit sets disabled and clears the error; success sets isSuccess and re-enables; failure
 * stores the message in submitError and re-enables. Spec §5: a model search with 0 results sets
 * invalidModelNumber.
 *
 * Readings we chose (docs/rules.md): submit also clears an earlier isSuccess (a new
 * submission's outcome is not known yet); a submit while one is in flight is ignored (no double
 * registration); an outcome that arrives with no submission in flight is ignored.
 */
export type RegistrationKind = 'offline' | 'online';

export interface ModelSuggestion {
  readonly modelNumber: string;
  readonly title?: string;
  /** A model no longer sold still registers (issue 17). */
  readonly discontinued?: boolean;
}

export interface RegistrationState {
  readonly suggestions: readonly ModelSuggestion[];
  readonly invalidModelNumber: boolean;
  readonly submitError: string | null;
  readonly isSuccess: boolean;
  readonly isDisabled: boolean;
}

export type RegistrationEvent =
  | { readonly type: 'submit' }
  | { readonly type: 'succeeded' }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'modelSearched'; readonly suggestions: readonly ModelSuggestion[] }
  | { readonly type: 'modelSearchCleared' };

export const initialRegistrationState: RegistrationState = {
  suggestions: [],
  invalidModelNumber: false,
  submitError: null,
  isSuccess: false,
  isDisabled: false,
};

export const registrationReducer = (
  state: RegistrationState,
  event: RegistrationEvent,
): RegistrationState => {
  switch (event.type) {
    case 'submit':
      return state.isDisabled
        ? state
        : { ...state, isDisabled: true, submitError: null, isSuccess: false };
    case 'succeeded':
      return state.isDisabled ? { ...state, isDisabled: false, isSuccess: true } : state;
    case 'failed':
      return state.isDisabled
        ? { ...state, isDisabled: false, isSuccess: false, submitError: event.message }
        : state;
    case 'modelSearched':
      return {
        ...state,
        suggestions: event.suggestions,
        invalidModelNumber: event.suggestions.length === 0,
      };
    case 'modelSearchCleared':
      return { ...state, suggestions: [], invalidModelNumber: false };
  }
};

/** Whether the form's submit button should accept a click. */
export const canSubmitRegistration = (state: RegistrationState): boolean => !state.isDisabled;

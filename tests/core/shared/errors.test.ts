import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as cartErrors from '../../../core/cart/errors';
import * as accountErrors from '../../../core/account/errors';
import * as listErrors from '../../../core/lists/errors';
import {
  DomainError,
  FieldsError,
  isVersionConflict,
  problemsMessage,
  VersionConflictError,
  type FieldProblem,
  type VersionedResource,
} from '../../../core/shared/errors';

const resource = fc.constantFrom<VersionedResource>('cart', 'profile', 'list');
const problem: fc.Arbitrary<FieldProblem> = fc.record({
  field: fc.string(),
  code: fc.constantFrom('InvalidField', 'AddressLimitReached', 'ForbiddenProfileEdit'),
  message: fc.string(),
});

describe('VersionConflictError', () => {
  it('carries what was stale and the current version, with the wire code', () => {
    fc.assert(
      fc.property(resource, fc.integer({ min: -1 }), (r, version) => {
        const error = new VersionConflictError(r, version);
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toBeInstanceOf(Error);
        expect(error.code).toBe('ConcurrentModification');
        expect(error.name).toBe('VersionConflictError');
        expect(error.resource).toBe(r);
        expect(error.currentVersion).toBe(version);
        expect(error.message).toContain(String(version));
        expect(isVersionConflict(error)).toBe(true);
        expect(isVersionConflict(error, r)).toBe(true);
      }),
    );
  });

  it('is told apart by resource, and from every other failure', () => {
    expect(isVersionConflict(new VersionConflictError('cart', 1), 'list')).toBe(false);
    expect(isVersionConflict(new Error('ConcurrentModification'))).toBe(false);
    expect(isVersionConflict({ code: 'ConcurrentModification', currentVersion: 1 })).toBe(false);
  });

  it('is every area’s conflict', () => {
    expect(cartErrors.isCartError(new VersionConflictError('cart', 2))).toBe(true);
    expect(listErrors.isListError(new VersionConflictError('list', 2))).toBe(true);
    expect(accountErrors.isAddressBookError(new VersionConflictError('profile', 2))).toBe(true);
  });
});

describe('FieldsError', () => {
  it('keeps every problem in order and names each field in its message', () => {
    fc.assert(
      fc.property(fc.array(problem, { minLength: 1, maxLength: 5 }), (problems) => {
        const error = new FieldsError(problems);
        expect(error.problems).toEqual(problems);
        expect(error.code).toBe('InvalidFields');
        expect(error.name).toBe('FieldsError');
        expect(error.message).toBe(problemsMessage(problems));
        for (const p of problems) if (p.field !== '') expect(error.message).toContain(p.field);
      }),
    );
  });

  it('picks the problems of one code', () => {
    fc.assert(
      fc.property(fc.array(problem), (problems) => {
        const error = new FieldsError(problems, 'refused');
        expect(error.message).toBe('refused');
        const limit = error.withCode('AddressLimitReached');
        expect(limit).toEqual(problems.filter((p) => p.code === 'AddressLimitReached'));
      }),
    );
  });
});

describe('core error classes share DomainError', () => {
  it('every area error has a code and its own name', () => {
    const errors: DomainError[] = [
      new cartErrors.CartNotFoundError('c1'),
      new cartErrors.OutOfStockError(['K-1']),
      new cartErrors.DiscountCodeNonApplicableError('X'),
      new accountErrors.AddressNotFoundError('a1'),
      new listErrors.ListNotFoundError('l1'),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error.code).not.toBe('');
      expect(error.name).toBe(error.constructor.name);
    }
  });
});

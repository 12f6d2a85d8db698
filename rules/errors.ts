/**
 * What went wrong, in the shop's words, without HTTP: rules/ and db/ throw a
 * DomainError, and the API's one error handler (api/errors.ts) gives each kind
 * its status code.
 */
export type DomainErrorKind =
  /** The thing asked for does not exist (or is not the caller's to know about). */
  | 'not_found'
  /** The request is well formed but the current state refuses it (a status change, a duplicate name). */
  | 'conflict'
  /** The request's content is wrong (a missing field, an unknown value). */
  | 'invalid'
  /** The caller may not do this. */
  | 'forbidden'
  /** The store is busy (a lock, a lease): try again shortly. */
  | 'busy';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** Extra facts a client can act on (e.g. the amount a confirmation must name). */
  readonly data: unknown;
  constructor(kind: DomainErrorKind, message: string, data: unknown = null) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.data = data;
  }
}

export const notFoundError = (message: string, data: unknown = null) => new DomainError('not_found', message, data);
export const conflictError = (message: string, data: unknown = null) => new DomainError('conflict', message, data);
export const invalidError = (message: string, data: unknown = null) => new DomainError('invalid', message, data);
export const forbiddenError = (message: string, data: unknown = null) => new DomainError('forbidden', message, data);

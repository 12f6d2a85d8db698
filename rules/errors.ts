/**
 * What went wrong, in the shop's words, without HTTP: the one error type of the store, from
 * rules/ and db/ to the API's edge. Each kind is given its status code in one place (api/errors.ts
 * STATUS_OF_KIND, used by its one error handler).
 */
export type DomainErrorKind =
  /** The request's content is wrong (a missing field, an unknown value). */
  | 'invalid'
  /** The caller could not be told from anyone else (a webhook whose signature does not verify). */
  | 'unauthorized'
  /** A payment the order needs has not been confirmed by the payment provider. */
  | 'payment_required'
  /** The caller may not do this (a bad or expired token, the wrong role, another's account). */
  | 'forbidden'
  /** The thing asked for does not exist (or is not the caller's to know about). */
  | 'not_found'
  /** The request is well formed but the current state refuses it (a status change, a duplicate name). */
  | 'conflict'
  /** What was sent is larger than the store takes (a body, a file, an image's pixels). */
  | 'too_large'
  /** Too many attempts in a while; `data.retryAfter` says in how many seconds to try again. */
  | 'too_many'
  /** The store is busy (a lock, a lease): try again shortly. */
  | 'busy'
  /** Something the store depends on cannot be reached (the payment provider, the checkout lane): not the caller's fault. */
  | 'unavailable';

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

/*
 * The refusals, one factory a kind: rules/, db/ and api/ raise them from here. `data` is what a
 * client can act on (the amount a confirmation must name); a too_many refusal's is its wait.
 */
export const invalidError = (message: string, data: unknown = null) => new DomainError('invalid', message, data);
export const unauthorizedError = (message: string) => new DomainError('unauthorized', message);
export const paymentRequiredError = (message: string) => new DomainError('payment_required', message);
/** By default the sentence after which the storefront logs out: a token that no longer works. */
export const forbiddenError = (message = 'Your session has expired. Please log in again.', data: unknown = null) => new DomainError('forbidden', message, data);
export const notFoundError = (message: string, data: unknown = null) => new DomainError('not_found', message, data);
export const conflictError = (message: string, data: unknown = null) => new DomainError('conflict', message, data);
export const tooLargeError = (message = 'The upload is too large. Max size is 120MB per file.') => new DomainError('too_large', message);
export const tooManyError = (message: string, retryAfterSeconds: number) => new DomainError('too_many', message, { retryAfter: retryAfterSeconds });
/** Something the store depends on cannot be reached now (answered 503 without Retry-After): not the caller's fault. */
export const unavailableError = (message: string) => new DomainError('unavailable', message);

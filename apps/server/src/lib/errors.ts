import type { z } from 'zod';
import { errorStatus, type ErrorCode } from '@charla/shared';

/** A sentence in both languages, for a reason more precise than the code's own message. */
export interface Reason {
  es: string;
  en: string;
}

/**
 * A domain error: a code from the shared catalogue and, optionally, the fields it concerns
 * (each with its own code); the error handler turns both into text in the user's language.
 * A `reason` replaces the code's message (and the fields' messages) when there is a better one.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, ErrorCode>,
    readonly reason?: Reason,
    /** More of the answer beside code and message (e.g. the next free slots of SLOT_TAKEN). */
    readonly details?: Record<string, unknown>,
  ) {
    super(reason?.en ?? code);
    this.statusCode = errorStatus[code];
  }
}

/**
 * Input a shared contract refused outside Fastify's own validation (a multipart form's fields):
 * answered 400 VALIDATION_FAILED with each field's message, as a refused JSON body is.
 */
export class InvalidFields extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('invalid fields');
  }
}

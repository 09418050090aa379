import { errorStatus, type ErrorCode } from '@charla/shared';

/**
 * A domain error: a code from the shared catalogue and, optionally, the fields it concerns
 * (each with its own code); the error handler turns both into text in the user's language.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, ErrorCode>,
    detail?: string,
  ) {
    super(detail ?? code);
    this.statusCode = errorStatus[code];
  }
}

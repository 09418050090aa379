import { z } from 'zod';

/** Every domain error code the API can answer with, and the HTTP status it maps to. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  MULTIPART_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  SKU_TAKEN: 409,
  SLOT_TAKEN: 409,
  OUTSIDE_HOURS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_A_PDF: 400,
  FILE_MISSING: 400,
  REDIRECTION_PHONE_MISSING: 400,
  BOT_LOCKED: 423,
  BOT_LIMIT_REACHED: 402,
  MESSAGE_LIMIT_REACHED: 402,
  SEAT_LIMIT_REACHED: 402,
  PLAN_REQUIRED: 402,
  RATE_LIMITED: 429,
  SIGNATURE_MISSING: 401,
  SIGNATURE_INVALID: 403,
  CHANNEL_SOURCE_UNSUPPORTED: 400,
  CHANNEL_ACCOUNT_TAKEN: 409,
  META_TOKEN_REQUIRED: 400,
  META_TOKEN_INVALID: 400,
  META_NOT_CONFIGURED: 503,
  META_STEP_FAILED: 502,
  META_REQUEST_FAILED: 502,
  CHANNEL_NOT_CONNECTED: 409,
  CHANNEL_NEEDS_REAUTH: 409,
  TEMPLATE_NOT_FOUND: 400,
  TEMPLATE_NOT_APPROVED: 409,
  TEMPLATE_UNUSABLE: 400,
  TEMPLATE_VARIABLES_MISMATCH: 400,
  WINDOW_CLOSED: 409,
  CONVERSATION_REOPENED: 409,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

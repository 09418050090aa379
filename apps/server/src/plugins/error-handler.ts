import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorMessage, issuesToFields, pickLocale, type ErrorCode, errorStatus } from '@charla/shared';
import { AppError, InvalidFields } from '../lib/errors.ts';

/** Fastify's own error codes for bad requests, as our codes. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
};

const byStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  fields?: Record<string, string>,
  message?: string,
  details?: Record<string, unknown>,
) {
  const locale = pickLocale(request.headers['accept-language']);
  return reply
    .status(errorStatus[code])
    .send({ error: { code, message: message ?? errorMessage(code, locale), ...(fields ? { fields } : {}), ...details } });
}

/** One handler for every error: domain codes to HTTP, field messages localized, 5xx internals hidden. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = pickLocale(request.headers['accept-language']);
    if (error instanceof AppError) {
      const reason = error.reason?.[locale];
      const fields = error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([k, c]) => [k, reason ?? errorMessage(c, locale)]))
        : undefined;
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, error.code, fields, reason, error.details);
    }
    if (error instanceof InvalidFields) return sendError(request, reply, 'VALIDATION_FAILED', issuesToFields(error.issues, locale));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map(
        (v) =>
          ({
            ...(v.params as object),
            code: v.keyword,
            message: v.message ?? '',
            path: v.instancePath.split('/').filter(Boolean),
          }) as unknown as z.core.$ZodIssue,
      );
      return sendError(request, reply, 'VALIDATION_FAILED', issuesToFields(issues, locale));
    }
    const mapped = (error.code && fastifyCodes[error.code]) || (error.statusCode && byStatus[error.statusCode]);
    if (mapped && (error.statusCode ?? 500) < 500) {
      request.log.info({ code: error.code, msg: error.message }, 'bad request');
      if (error.statusCode === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60');
      return sendError(request, reply, mapped);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, error.statusCode === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL');
  });
}

import { CodedError, type ErrorName, fail } from '@balancer/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Fastify's own request errors, each answered with a catalogue error instead of a bare 4xx. */
const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_CONTENT_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_REQUEST',
};

/** The errors answered with their own HTTP status; every other handled error is 200. */
const STATUS: Partial<Record<ErrorName, number>> = { RATE_LIMITED: 429, ROUTE_NOT_FOUND: 404 };

export function sendError(reply: FastifyReply, error: CodedError): FastifyReply {
  // Handled errors are HTTP 200 with the envelope: the client reads the code from the message.
  // The exceptions are the ones the spec names: an unknown route is 404 and the rate limit 429
  // (the client retries neither).
  const status = STATUS[error.errorName] ?? 200;
  return reply.code(status).send(fail(error.codedMessage));
}

function toCodedError(error: FastifyError): CodedError | undefined {
  if (error instanceof CodedError) return error;
  if (error.validation) return new CodedError('INVALID_REQUEST', error.message);
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return new CodedError(mapped);
  // Any other client error fastify raises (malformed URL, bad header): reject, never a 500.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new CodedError('INVALID_REQUEST', error.message);
  }
  return undefined;
}

/** Where non-routine API errors are recorded (the API error log behind the Server badge). */
export interface ErrorRecorder {
  record(request: FastifyRequest, error: CodedError): void;
}

export function useEnvelopeErrors(app: FastifyInstance, recorder?: ErrorRecorder): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const coded = toCodedError(error);
    if (coded) {
      if (!coded.routine) {
        request.log.info({ code: coded.code, err: coded.message }, 'request rejected');
        recorder?.record(request, coded);
      }
      return sendError(reply, coded);
    }
    request.log.error({ err: error }, 'unexpected error');
    const internal = new CodedError('INTERNAL_ERROR');
    recorder?.record(request, internal);
    return reply.code(500).send(fail(internal.codedMessage));
  });
}

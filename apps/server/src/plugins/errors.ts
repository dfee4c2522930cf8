import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * One place that turns failures into answers. Anything a client sent wrong is a 4xx with a message a
 * person can read; only the unexpected becomes a 500, logged with its request id and answered without
 * internals.
 */
export function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || (first?.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path?.map(String).join('.');
      const message = first?.message ?? 'Invalid request';
      return reply.status(400).send({ message: field ? `${field}: ${message}` : message, code: 'INVALID_REQUEST' });
    }
    if (isBrokenMultipart(error, request.headers['content-type'])) {
      return reply.status(400).send({ message: 'The form data could not be read: it is cut short or malformed.', code: 'BAD_MULTIPART' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error), code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL', requestId: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}

/**
 * The multipart parser (busboy) throws plain Errors, without a status, when a body ends early or its
 * parts are malformed: that is the client's mistake, not ours.
 */
function isBrokenMultipart(error: FastifyError, contentType: string | undefined): boolean {
  if (error.statusCode !== undefined || !/^multipart\//i.test(contentType ?? '')) return false;
  return /busboy|dicer/i.test(error.stack ?? '') || /multipart|boundary|part header|end of form/i.test(error.message);
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message || 'Bad request';
  }
}

/** The messages of a refused body, in one sentence a person can read (every route that parses a form). */
export function bodyErrorMessage(error: { issues: readonly { message: string }[] }): string {
  return [...new Set(error.issues.map((i) => i.message))].join(' ');
}

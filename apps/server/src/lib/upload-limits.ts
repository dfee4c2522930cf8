import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@milli/contracts';
import { DomainError } from '../domain-error.ts';

/** What one upload form takes, in the words its refusals use. */
export interface UploadRules {
  /** The most a body of this form can ever be (its files and fields): a body declaring more is refused unread. */
  maxBodyBytes: number;
  /** FILE_TOO_LARGE: a file above the form's limit, or a body declaring more than maxBodyBytes. */
  tooLarge: string;
  /** TOO_MANY_FILES. */
  tooManyFiles: string;
  /** NOT_MULTIPART: what the form must be sent as. */
  notMultipart: string;
  /** Who may send the form, checked before a byte of the body is read (throws the refusal). */
  whoMay?: (request: FastifyRequest) => unknown;
  /**
   * A form whose limits are its own words (a 360° turn's frames) names its own codes and says apart a body too large
   * (`bodyTooLarge`) from one file too large (`tooLarge`); others answer FILE_TOO_LARGE and TOO_MANY_FILES.
   */
  codes?: { body: ErrorCode; file: ErrorCode; files: ErrorCode };
  bodyTooLarge?: string;
}

/**
 * The two guards of every route that takes files (custom designs, product photos, the product CSV): `onRequest`
 * refuses who may not send and a body that declares itself too large before a byte of it is read (one that does
 * not declare its length streams through the multipart parser, which keeps at most the file limit); the route's
 * `errorHandler` turns the multipart parser's limits into the store's codes, in the form's own words.
 */
export function uploadGuards(rules: UploadRules) {
  const codes = rules.codes ?? { body: 'FILE_TOO_LARGE', file: 'FILE_TOO_LARGE', files: 'TOO_MANY_FILES' };
  return {
    async onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      rules.whoMay?.(request);
      if (Number(request.headers['content-length'] ?? 0) > rules.maxBodyBytes) {
        reply.header('connection', 'close');
        throw new DomainError(codes.body, rules.bodyTooLarge ?? rules.tooLarge);
      }
    },
    errorHandler(error: FastifyError): never {
      switch (error.code) {
        case 'FST_REQ_FILE_TOO_LARGE':
          throw new DomainError(codes.file, rules.tooLarge);
        case 'FST_FILES_LIMIT':
          throw new DomainError(codes.files, rules.tooManyFiles);
        case 'FST_PARTS_LIMIT':
        case 'FST_FIELDS_LIMIT':
          throw new DomainError('TOO_MANY_FIELDS', 'The form has too many fields.');
        case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
          throw new DomainError('NOT_MULTIPART', rules.notMultipart);
        default:
          throw error;
      }
    },
  };
}

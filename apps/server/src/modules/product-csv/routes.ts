import { PassThrough, Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  IMPORT_MAX_BYTES,
  ImportInvalidSchema,
  ImportReportSchema,
  NDJSON_TYPE,
  ProductExportQuerySchema,
  ProductImportBodySchema,
  type ImportReport,
  type ImportStreamLine,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { uploadGuards } from '../../lib/upload-limits.ts';
import type { Limit } from '../../plugins/rate-limit.ts';
import { requirePermission, staffOf } from '../../plugins/staff.ts';
import { actorOf } from '../audit/service.ts';
import { csvTemplate } from './columns.ts';
import { createProductCsvService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 413: ErrorSchema, 429: ErrorSchema };

/** Checks and imports together: a member checking a file a few times and importing it is far inside this. */
export const IMPORT_LIMIT: Limit = {
  name: 'product-import',
  max: 30,
  windowMs: 10 * 60_000,
  message: 'Too many imports in a few minutes. Please wait a little before sending another file.',
};

/**
 * Before a byte of the body is read: who may not import is refused (the multipart parser reads the file in its
 * own preValidation hook, before the staff plugin's), and a body that says it is larger than the form can ever be.
 */
const uploads = uploadGuards({
  maxBodyBytes: IMPORT_MAX_BYTES + 64 * 1024,
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Please split it into smaller files.`,
  tooManyFiles: 'Please send one CSV file at a time.',
  notMultipart: 'Please send the file as multipart/form-data.',
  whoMay: (req) => requirePermission(req, 'catalogue'),
});

const IMPORT_INVALID_MESSAGE = 'Nothing was imported: the file has problems. Fix the rows listed and send it again.';

/** Products as CSV (issue 17): the template, the export, and the import with its dry run. */
export const productCsvModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createProductCsvService(deps.database.db);
  const staffOnly = { access: 'staff', permission: 'catalogue' } as const;

  // The CSV answers have no JSON schema; failures go through the error handler as usual.
  api.get('/admin/products/csv-template', { config: staffOnly }, async (_req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="milli-products-template.csv"')
      .header('cache-control', 'private, no-store')
      .send(csvTemplate()),
  );

  api.get('/admin/products/export.csv', { config: staffOnly, schema: { querystring: ProductExportQuerySchema } }, async (req, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="milli-products-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(Readable.from(service.exportCsv(req.query)));
  });

  api.post(
    '/admin/products/import',
    {
      config: { ...staffOnly, multipartOptions: { limits: { files: 1, fileSize: IMPORT_MAX_BYTES } } },
      onRequest: uploads.onRequest,
      errorHandler: uploads.errorHandler,
      schema: {
        description:
          'Checks (dryRun true, the default) or imports a product CSV. Answers the report as JSON, or, with Accept: application/x-ndjson, ' +
          'streams {"type":"progress",...} lines and ends with a {"type":"report"} or {"type":"error"} line (the status is then 200 whatever the outcome).',
        body: ProductImportBodySchema,
        response: { 200: ImportReportSchema, 422: ImportInvalidSchema, ...errors },
      },
    },
    async (req, reply) => {
      const member = staffOf(req);
      await deps.limiter.take(IMPORT_LIMIT, String(member.id));
      const dryRun = req.body.dryRun === 'true';
      const actor = actorOf(req);
      const finished = (report: ImportReport) => {
        if (report.written) deps.readCache.invalidate();
      };
      if ((req.headers.accept ?? '').includes(NDJSON_TYPE)) {
        const out = new PassThrough();
        const line = (value: ImportStreamLine) => out.write(`${JSON.stringify(value)}\n`);
        void reply
          .type(NDJSON_TYPE)
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          .send(out as never);
        void (async () => {
          try {
            const report = await service.run(req.body.file, { dryRun, actor, progress: line });
            finished(report);
            if (!dryRun && !report.written) line({ type: 'error', code: 'IMPORT_INVALID', message: IMPORT_INVALID_MESSAGE, report });
            else line({ type: 'report', report });
          } catch (error) {
            req.log.error(error);
            line({ type: 'error', code: 'INTERNAL', message: 'The import failed on our side; nothing was written. Please try again.' });
          } finally {
            out.end();
          }
        })();
        return reply;
      }
      const report = await service.run(req.body.file, { dryRun, actor });
      finished(report);
      if (!dryRun && !report.written) return reply.code(422).send({ message: IMPORT_INVALID_MESSAGE, code: 'IMPORT_INVALID' as const, report });
      return report;
    },
  );
};

import type { FastifyInstance } from 'fastify';

/** Posts a CSV to the import route as a browser's form does (multipart, one file and dryRun). */
export async function postImport(
  app: FastifyInstance,
  cookie: string,
  csv: string | Uint8Array,
  options: { dryRun: boolean; ndjson?: boolean; fileName?: string },
) {
  const body = new FormData();
  body.append('dryRun', String(options.dryRun));
  body.append('file', new Blob([typeof csv === 'string' ? csv : Buffer.from(csv)], { type: 'text/csv' }), options.fileName ?? 'products.csv');
  const encoded = new Response(body);
  return app.inject({
    method: 'POST',
    url: '/api/admin/products/import',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      cookie,
      // What a browser on the back office's own page sends (the cross-site check wants it with a cookie).
      'sec-fetch-site': 'same-origin',
      ...(options.ndjson ? { accept: 'application/x-ndjson' } : {}),
    },
  });
}

/** A CSV text from rows of cells (no quoting needed by the tests' values unless they have commas). */
export function csvOf(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((r) => r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(',')).join('\r\n') + '\r\n';
}

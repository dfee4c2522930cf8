/**
 * The store's OpenAPI document serves a generated client (issue 36): Redocly's recommended rules find no error in it,
 * and openapi-typescript turns it into types that a small typed client compiles against, naming calls by their
 * operationId. A client written with a wrong field does not compile, so the compile check can fail.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { OPENAPI_URL } from './openapi.ts';

const run = promisify(execFile);
const redocly = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../node_modules/.bin/redocly');

let t: TestApp;
let dir: string;
let document: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  document = (await t.app.inject({ url: OPENAPI_URL })).body;
  dir = await mkdtemp(path.join(os.tmpdir(), 'milli-openapi-'));
  await writeFile(path.join(dir, 'openapi.json'), document);
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** TypeScript's diagnostics of the files, compiled strictly on their own. */
function compile(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const CLIENT = `import type { operations, paths } from './api.ts';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The success answer of a call, by its operationId. */
export type Answer<Op extends keyof operations> = Json<operations[Op] extends { responses: { 200: infer R } } ? R : operations[Op] extends { responses: { 201: infer R } } ? R : never>;

export async function call<Op extends keyof operations>(base: string, path: string, init?: RequestInit): Promise<Answer<Op>> {
  const res = await fetch(base + path, init);
  return (await res.json()) as Answer<Op>;
}

export async function example(base: string) {
  const page = await call<'getProductProductList'>(base, '/api/product/productList?page=2');
  const firstName: string = page.data[0]!.product_name;
  const order = await call<'getOrdersByOrderNumber'>(base, '/api/orders/MIL-2026-000001');
  const total: number = order.totals.totalPaise;
  const place: paths['/api/orders/placeOrders']['post'] = {} as paths['/api/orders/placeOrders']['post'];
  return { firstName, total, place };
}
`;

describe('a client generated from the document', () => {
  it('finds no error under Redocly’s recommended rules', async () => {
    const { stdout } = await run(redocly, ['lint', path.join(dir, 'openapi.json'), '--format=json', '--max-problems=1000'], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((failed: { stdout: string }) => failed);
    const problems = (JSON.parse(stdout) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] }).problems;
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(errors).toEqual([]);
  }, 120_000);

  it('compiles, its calls named by operationId and its answers typed', async () => {
    const types = astToString(await openapiTS(JSON.parse(document) as Parameters<typeof openapiTS>[0]));
    await writeFile(path.join(dir, 'api.ts'), types);
    await writeFile(path.join(dir, 'client.ts'), CLIENT);
    expect(compile([path.join(dir, 'client.ts')])).toEqual([]);
    // A client that reads a field no answer has does not compile.
    await writeFile(path.join(dir, 'wrong.ts'), CLIENT.replace('order.totals.totalPaise', 'order.totals.grandTotalPaise'));
    expect(compile([path.join(dir, 'wrong.ts')]).join('\n')).toMatch(/grandTotalPaise/);
  }, 120_000);
});

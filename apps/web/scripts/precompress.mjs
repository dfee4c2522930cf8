/**
 * After `react-router build`: writes a Brotli (quality 11) and a gzip (level 9) copy beside every text asset
 * of the client build, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing each request's copy quickly and less well. Only where the copy is smaller.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build/client');
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|html|map)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && statSync(file).size >= 1024) compress(file);
  }
}

function compress(file) {
  const body = readFileSync(file);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  files++;
  before += body.length;
  after += Math.min(br.length, body.length);
}

walk(root);
console.log(`precompressed ${files} files: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB with Brotli`);

/**
 * A minimal tar (POSIX ustar) writer and reader for the backup file (lib/backup.ts, issue 37): regular files only,
 * written to and read from a file on disk, never held whole in memory. Long names and sizes past ustar's 8 GB
 * are written as a PAX extended header; the reader also takes GNU's base-256 sizes. Any tar tool lists and
 * extracts what the writer makes (`tar tf backup.tar`).
 */
import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);
/** ustar's size field holds 11 octal digits: just under 8 GiB. */
const OCTAL_SIZE_MAX = 8 ** 11 - 1;

export class TarFormatError extends Error {
  constructor(
    /** not-tar: the first block is no tar header; truncated: the file ends inside an entry or before the end marker; corrupt: a later header is damaged. */
    readonly kind: 'not-tar' | 'truncated' | 'corrupt',
    message: string,
  ) {
    super(message);
  }
}

export interface WrittenEntry {
  name: string;
  bytes: number;
  sha256: string;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function splitName(name: string): { name: string; prefix: string } | null {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: '' };
  // ustar: prefix (at most 155 bytes) + '/' + name (at most 100), split at a slash.
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100 && rest.length > 0) return { name: rest, prefix };
  }
  return null;
}

function header(fields: { name: string; prefix: string; size: number; mtime: number; type: '0' | 'x' }): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(fields.name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  writeSize(block, fields.size);
  block.write(octal(Math.floor(fields.mtime / 1000), 12), 136, 'ascii');
  block.write(fields.type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(fields.prefix, 345, 155, 'utf8');
  writeChecksum(block);
  return block;
}

function writeSize(block: Buffer, size: number): void {
  if (size <= OCTAL_SIZE_MAX) {
    block.write(octal(size, 12), 124, 'ascii');
    return;
  }
  // GNU base-256: the high bit of the first byte set, the number big-endian in the rest of the field.
  block.fill(0, 124, 136);
  block[124] = 0x80;
  let rest = BigInt(size);
  for (let i = 135; i > 124; i--) {
    block[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function writeChecksum(block: Buffer): void {
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
}

/** A PAX record: "<length> <key>=<value>\n", the length counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length = String(length).length + Buffer.byteLength(body);
  return `${length}${body}`;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/**
 * Writes a tar file entry by entry. `create` refuses a file that exists; `finish` writes the end marker (two zero
 * blocks), syncs and closes; `abort` closes without finishing (the caller removes the file).
 */
export class TarWriter {
  private position = 0;
  private constructor(private readonly handle: FileHandle) {}

  static async create(file: string): Promise<TarWriter> {
    return new TarWriter(await open(file, 'wx', 0o600));
  }

  private async write(bytes: Buffer): Promise<void> {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, done, bytes.length - done, this.position);
      done += bytesWritten;
      this.position += bytesWritten;
    }
  }

  /** The header block(s) for `name` (a PAX header first when the name does not fit ustar); answers where the ustar header is. */
  private async headerFor(name: string, size: number, mtime: number): Promise<{ at: number; fields: { name: string; prefix: string } }> {
    const split = splitName(name);
    if (!split) {
      const records = Buffer.from(paxRecord('path', name));
      await this.write(header({ name: 'PaxHeader', prefix: '', size: records.length, mtime, type: 'x' }));
      await this.write(Buffer.concat([records, Buffer.alloc(padding(records.length))]));
    }
    const at = this.position;
    // Readers that know PAX take the name from it; others see the name's last 100 bytes.
    const fields = split ?? { name: Buffer.from(name).subarray(-100).toString('utf8'), prefix: '' };
    await this.write(header({ ...fields, size, mtime, type: '0' }));
    return { at, fields };
  }

  async addBuffer(name: string, data: Buffer, mtime = Date.now()): Promise<WrittenEntry> {
    await this.headerFor(name, data.length, mtime);
    await this.write(data);
    await this.write(Buffer.alloc(padding(data.length)));
    return { name, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
  }

  /**
   * An entry whose size is known only once `source` ends (pg_dump's output, a file that may still grow): the
   * header is written with size 0, the data after it, and the header rewritten in place with the real size.
   */
  async addStream(name: string, source: AsyncIterable<Uint8Array>, mtime = Date.now()): Promise<WrittenEntry> {
    const { at, fields } = await this.headerFor(name, 0, mtime);
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of source) {
      const piece = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      hash.update(piece);
      bytes += piece.length;
      await this.write(piece);
    }
    await this.write(Buffer.alloc(padding(bytes)));
    await this.handle.write(header({ ...fields, size: bytes, mtime, type: '0' }), 0, BLOCK, at);
    return { name, bytes, sha256: hash.digest('hex') };
  }

  async finish(): Promise<number> {
    await this.write(ZEROS);
    await this.handle.sync();
    await this.handle.close();
    return this.position;
  }

  async abort(): Promise<void> {
    await this.handle.close().catch(() => {});
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's data starts in the file. */
  offset: number;
}

function parseOctal(block: Buffer, start: number, length: number): number {
  const text = block
    .toString('ascii', start, start + length)
    .replace(/\0.*$/s, '')
    .trim();
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) return NaN;
  return parseInt(text, 8);
}

function parseSize(block: Buffer): number {
  if (block[124]! & 0x80) {
    let value = 0n;
    for (let i = 125; i < 136; i++) value = (value << 8n) | BigInt(block[i]!);
    return value > BigInt(Number.MAX_SAFE_INTEGER) ? NaN : Number(value);
  }
  return parseOctal(block, 124, 12);
}

function checksumOk(block: Buffer): boolean {
  const stored = parseOctal(block, 148, 8);
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : block[i]!;
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  return stored === unsigned || stored === signed;
}

const cString = (block: Buffer, start: number, length: number) => block.toString('utf8', start, start + length).replace(/\0.*$/s, '');

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done === length ? buffer : buffer.subarray(0, done);
}

/**
 * Every regular file's entry in the tar file, in order, reading headers only (data is skipped by its offset):
 * cheap even for a large file. Throws TarFormatError when the first block is no tar header, a later header is
 * damaged, or the file ends inside an entry or before the end marker.
 */
export async function* tarEntries(handle: FileHandle): AsyncGenerator<TarEntry> {
  const { size: fileSize } = await handle.stat();
  let position = 0;
  let pax: Record<string, string> = {};
  for (let index = 0; ; index++) {
    const block = await readAt(handle, position, BLOCK);
    if (block.length < BLOCK) {
      if (index === 0) throw new TarFormatError('not-tar', 'it is too short to be a tar file');
      throw new TarFormatError('truncated', `it ends at byte ${fileSize}, before the end of the archive`);
    }
    if (block.every((b) => b === 0)) {
      if (index === 0) throw new TarFormatError('not-tar', 'it does not start with a tar header');
      const second = await readAt(handle, position + BLOCK, BLOCK);
      if (second.length < BLOCK || !second.every((b) => b === 0)) throw new TarFormatError('truncated', 'its end marker is cut short');
      return;
    }
    if (!checksumOk(block)) {
      if (index === 0) throw new TarFormatError('not-tar', 'it does not start with a tar header');
      throw new TarFormatError('corrupt', `the header at byte ${position} is damaged (its checksum does not match)`);
    }
    const size = parseSize(block);
    if (!Number.isFinite(size)) throw new TarFormatError('corrupt', `the header at byte ${position} has no readable size`);
    const type = String.fromCharCode(block[156]!);
    const offset = position + BLOCK;
    if (offset + size > fileSize) throw new TarFormatError('truncated', `it ends at byte ${fileSize}, inside an entry that needs ${offset + size}`);
    position = offset + size + padding(size);
    if (type === 'x') {
      if (size > 1024 * 1024) throw new TarFormatError('corrupt', `an extended header at byte ${offset - BLOCK} is too large`);
      pax = parsePax(await readAt(handle, offset, size));
      continue;
    }
    if (type !== '0' && type !== '\0') {
      pax = {};
      continue; // directories, links and the like: a backup holds none, and restoring ignores them.
    }
    const prefix = cString(block, 345, 155);
    const short = cString(block, 0, 100);
    const name = pax.path ?? (prefix ? `${prefix}/${short}` : short);
    const realSize = pax.size !== undefined ? Number(pax.size) : size;
    pax = {};
    yield { name, size: realSize, offset };
  }
}

function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space < 0) break;
    const length = Number(data.toString('ascii', at, space));
    if (!Number.isInteger(length) || length <= 0 || at + length > data.length) throw new TarFormatError('corrupt', 'an extended header is damaged');
    const record = data.toString('utf8', space + 1, at + length - 1);
    const eq = record.indexOf('=');
    if (eq > 0) records[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return records;
}

/** An entry's data, in pieces of at most `chunk` bytes. */
export async function* entryData(handle: FileHandle, entry: TarEntry, chunk = 1024 * 1024): AsyncGenerator<Buffer> {
  for (let done = 0; done < entry.size;) {
    const piece = await readAt(handle, entry.offset + done, Math.min(chunk, entry.size - done));
    if (piece.length === 0) throw new TarFormatError('truncated', `it ends inside ${entry.name}`);
    done += piece.length;
    yield piece;
  }
}

/** An entry's whole data (for small entries: the manifest). */
export async function entryBuffer(handle: FileHandle, entry: TarEntry): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const piece of entryData(handle, entry)) parts.push(piece);
  return Buffer.concat(parts);
}

import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a file beside its name, then renames it into place: whoever reads the folder (a person, a test) sees the
 * whole file or none, never half of one.
 */
export async function writeWhole(file: string, data: string | Buffer): Promise<void> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.partial`);
  await writeFile(partial, data);
  await rename(partial, file);
}

/**
 * `npm run restore -- --from FILE`: restores a backup written by `npm run backup` (or the nightly job) into the
 * store as configured (issue 37; lib/backup.ts, docs/operations.md "Backups and restore"): DATABASE_URL, an
 * empty PostgreSQL database (through pg_restore, in one transaction), or DATA_DIR, a folder without an embedded
 * database yet; the uploads go to DATA_DIR/uploads, which must hold no files. The whole file is checked first,
 * and anything that is not a whole backup of the configured engine, or a store that is not empty, is refused
 * with one line and nothing changed. `--check` only checks the file and prints what it holds.
 *
 * Exits 0 when restored (or the file checked), 1 when refused or failed, 2 on a wrong argument or configuration.
 */
import { parseArgs } from 'node:util';
import { DatabaseOpenError } from '@milli/db';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, describeTarget, restoreBackup, summary, verifyBackup } from '../lib/backup.ts';
import { runCliWhenMain } from './run-cli.ts';

const USAGE = `Usage: npm run restore -- --from FILE [--check]
  restores FILE into an empty store: DATABASE_URL (an empty PostgreSQL database) or a new DATA_DIR, and DATA_DIR/uploads
  --check   only check that FILE is a whole backup and say what it holds`;

export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { from: { type: 'string' }, check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`restore: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.from) {
    console.error(`restore: --from FILE is required\n${USAGE}`);
    return 2;
  }
  try {
    if (values.check) {
      const manifest = await verifyBackup(values.from);
      console.log(`${values.from} is a whole backup: ${summary(manifest)}.`);
      return 0;
    }
    let config;
    try {
      config = loadConfig();
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(`restore: ${error.message}`);
        return 2;
      }
      throw error;
    }
    const started = Date.now();
    console.log(`Restoring ${values.from} into ${describeTarget(config)} …`);
    const report = await restoreBackup({ from: values.from, config, log: (line) => console.log(`  ${line}`) });
    const uploads = report.uploads ? `; ${report.uploads.files} uploaded file${report.uploads.files === 1 ? '' : 's'} in ${report.uploads.into}` : '';
    console.log(
      `Restored in ${((Date.now() - started) / 1000).toFixed(1)} s: every table holds the rows the backup's manifest lists${uploads}. Start the server on it.`,
    );
    for (const note of report.notes) console.log(`Note: ${note}.`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof DatabaseOpenError) {
      console.error(`restore: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

runCliWhenMain(import.meta.url, 'restore', main);

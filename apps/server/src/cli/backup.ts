/**
 * `npm run backup -- --out FILE`: writes one file holding the store's database and its uploads (issue 37;
 * lib/backup.ts, docs/operations.md "Backups and restore"), from the same configuration as the server:
 *
 * - DATABASE_URL set: PostgreSQL, through pg_dump (custom format) of the server's major version; the store
 *   may keep serving.
 * - otherwise the embedded database in DATA_DIR, through PGlite's own dump: the server must be stopped (the
 *   embedded database has one user at a time; the command refuses while a process has it open).
 *
 * DATA_DIR/uploads goes into the file too, unless S3_BUCKET keeps the files. Exits 0 when written, 1 when
 * refused or failed (nothing is left behind), 2 on a wrong argument or configuration.
 */
import { parseArgs } from 'node:util';
import { DatabaseOpenError } from '@milli/db';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, describeTarget, summary, writeBackup } from '../lib/backup.ts';
import { runCliWhenMain } from './run-cli.ts';

const USAGE = `Usage: npm run backup -- --out FILE
  writes a backup of the store (DATABASE_URL, or the embedded database in DATA_DIR: stop the server first)
  and of DATA_DIR/uploads into FILE, which must not exist yet`;

export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`backup: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.out) {
    console.error(`backup: --out FILE is required\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`backup: ${error.message}`);
      return 2;
    }
    throw error;
  }
  console.log(
    `Backing up ${describeTarget(config)}${config.databaseUrl ? '' : ' (the server must be stopped: the embedded database has one user at a time)'} into ${values.out} …`,
  );
  const started = Date.now();
  try {
    const { file, bytes, manifest } = await writeBackup({ out: values.out, config, log: (line) => console.log(`  ${line}`) });
    console.log(`Backup written to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary(manifest)}.`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof DatabaseOpenError) {
      console.error(`backup: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

runCliWhenMain(import.meta.url, 'backup', main);

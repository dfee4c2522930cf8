/**
 * The back office's staff from the command line (issue 17), on the database the server uses (DATABASE_URL, or
 * the embedded one in DATA_DIR: stop the server first, the embedded database has one user at a time):
 *
 *   npm run staff -- create --email a@b.in --role catalogue [--name "Asha Rao"]   (password: STAFF_PASSWORD, or asked)
 *   npm run staff -- list
 *   npm run staff -- remove --email a@b.in
 *
 * Every change is in the audit log as done by 'cli'.
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { STAFF_ROLES, type StaffRole } from '@milli/contracts';
import { DatabaseOpenError, openDatabase } from '@milli/db';
import { ConfigError, loadConfig } from '../config.ts';
import { DomainError } from '../domain-error.ts';
import { createRateLimiter } from '../plugins/rate-limit.ts';
import { CLI_ACTOR, createStaffService } from '../modules/staff/service.ts';

const USAGE = `Usage:
  npm run staff -- create --email a@b.in --role ${STAFF_ROLES.join('|')}[,…] [--name "Full Name"]
      the password comes from STAFF_PASSWORD, or is asked for on the terminal (at least 12 characters)
  npm run staff -- list
  npm run staff -- remove --email a@b.in`;

class UsageError extends Error {}

/** Reads a password from the terminal without showing it. */
async function askPassword(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError('No terminal to ask the password on: set STAFF_PASSWORD.');
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    return await new Promise<string>((resolve) => {
      rl.question(question, (answer) => {
        process.stdout.write('\n');
        resolve(answer);
      });
      muted = true;
    });
  } finally {
    rl.close();
  }
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (!['create', 'list', 'remove'].includes(command)) throw new UsageError(`Unknown command '${command}'.\n${USAGE}`);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await database.migrate();
    const staff = createStaffService({ db: database.db, limiter: createRateLimiter(database.db) });

    if (command === 'list') {
      const all = await staff.all();
      if (all.length === 0) console.log('No staff yet.');
      for (const m of all) {
        const state = m.removedAt ? `removed ${m.removedAt.slice(0, 10)}` : m.status !== 'active' ? m.status : m.twoFactor ? 'two-factor on' : 'two-factor off';
        console.log(`${String(m.id).padStart(4)}  ${m.email.padEnd(32)} ${m.roles.join(',').padEnd(10)} ${m.name} (${state})`);
      }
      return 0;
    }

    const email = values.email?.trim().toLowerCase();
    if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`--email is required and must be an e-mail address.\n${USAGE}`);

    if (command === 'remove') {
      const member = await staff.findByEmail(email);
      if (!member || member.removedAt) throw new UsageError(`No active staff member has the e-mail ${email}.`);
      await staff.remove(CLI_ACTOR, member.id);
      console.log(`Removed ${email}: their sessions have ended and their API tokens are revoked.`);
      return 0;
    }

    // One role or several, comma-separated (issue 39): --role orders,design.
    const roles = (values.role ?? '').split(',').map((r) => r.trim()) as StaffRole[];
    if (!values.role || roles.some((role) => !(STAFF_ROLES as readonly string[]).includes(role)))
      throw new UsageError(`--role is one or more of, comma-separated: ${STAFF_ROLES.join(', ')}.\n${USAGE}`);
    const password = config.staffPassword ?? (await askPassword(`Password for ${email}: `));
    const name = values.name?.trim() || email.split('@')[0]!;
    const created = await staff.create(CLI_ACTOR, { email, name, roles, password });
    console.log(`Added ${created.email} as ${created.roles.join(', ')} (id ${created.id}); they sign in at /admin/login.`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof DatabaseOpenError) console.error(error.message);
    else if (error instanceof DomainError) console.error(`Refused: ${error.message}`);
    else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) console.error(`${error.message}\n${USAGE}`);
    else console.error(error);
    process.exit(1);
  },
);

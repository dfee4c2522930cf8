/**
 * A PostgreSQL primary and a streaming replica of it, made for a test (issue 37): two clusters in a temp folder, with
 * Debian's PostgreSQL 15 binaries, on free ports of 127.0.0.1. The primary has wal_level=replica and lets
 * replication connect from 127.0.0.1 with trust; the replica is its pg_basebackup -R -X stream. As root (CI) every
 * command runs as the `postgres` OS user, since initdb refuses root. `dispose` stops both and removes the folder.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { testServerUrl } from './testing.ts';

const run = promisify(execFile);

export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** Why the replica tests cannot run here, or null when they can. */
export function replicaTestsSkipReason(): string | null {
  if (!testServerUrl) return 'the read replica tests run on the PostgreSQL pass only (TEST_DATABASE_URL is unset)';
  for (const tool of ['initdb', 'pg_ctl', 'pg_basebackup']) {
    if (!existsSync(path.join(POSTGRES_BIN, tool))) return `the read replica tests need PostgreSQL's ${tool} in ${POSTGRES_BIN}`;
  }
  if (process.getuid?.() === 0) {
    if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'the read replica tests run as root and need runuser to act as postgres';
  }
  return null;
}

export interface ReplicaCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres: the primary's server. */
  primaryServerUrl: string;
  /** The same database `name` on the primary and on the replica. */
  primaryUrl(name: string): string;
  replicaUrl(name: string): string;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Holds the replica's replay (pg_wal_replay_pause) or lets it go on, to make it lag on purpose. */
  pauseReplay(paused: boolean): Promise<void>;
  dispose(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function createReplicaCluster(): Promise<ReplicaCluster> {
  const root = process.getuid?.() === 0;
  const folder = await mkdtemp(path.join(os.tmpdir(), 'milli-replica-'));
  const primaryDir = path.join(folder, 'primary');
  const replicaDir = path.join(folder, 'replica');
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(gid.trim()));
    await chmod(folder, 0o700);
  }
  const tool = (name: string, args: string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN, name), ...args]) : run(path.join(POSTGRES_BIN, name), args);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const url = (port: number, name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  let started: string[] = [];

  const stop = async (dir: string) => {
    await tool('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    started = started.filter((d) => d !== dir);
  };
  const start = async (dir: string) => {
    await tool('pg_ctl', ['-D', dir, '-l', path.join(folder, `${path.basename(dir)}.log`), '-w', '-t', '30', 'start']);
    started.push(dir);
  };
  const dispose = async () => {
    for (const dir of [...started].reverse()) await stop(dir);
    await rm(folder, { recursive: true, force: true });
  };

  try {
    await tool('initdb', ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions']);
    await appendFile(
      path.join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${folder}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'max_connections = 60',
        'shared_buffers = 32MB',
        'fsync = off',
        'synchronous_commit = on',
        // Tests count the statements each server ran (the replica's own counts are its own).
        "shared_preload_libraries = 'pg_stat_statements'",
        '',
      ].join('\n'),
    );
    await appendFile(path.join(primaryDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 trust\n');
    await start(primaryDir);
    await tool('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast']);
    // The copy's postgresql.conf names the primary's port: the last setting wins.
    await appendFile(path.join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\nhot_standby = on\nwal_receiver_status_interval = 1s\n`);
    await start(replicaDir);
    await waitUntil(async () => {
      const client = new pg.Client({ connectionString: url(replicaPort, 'postgres') });
      try {
        await client.connect();
        return (await client.query<{ r: boolean }>('select pg_is_in_recovery() as r')).rows[0]!.r;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    });
  } catch (error) {
    await dispose();
    throw error;
  }

  return {
    primaryServerUrl: url(primaryPort, 'postgres'),
    primaryUrl: (name) => url(primaryPort, name),
    replicaUrl: (name) => url(replicaPort, name),
    stopReplica: () => stop(replicaDir),
    startReplica: () => start(replicaDir),
    async pauseReplay(paused) {
      const client = new pg.Client({ connectionString: url(replicaPort, 'postgres') });
      await client.connect();
      try {
        await client.query(paused ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');
      } finally {
        await client.end();
      }
    },
    dispose,
  };
}

async function waitUntil(check: () => Promise<boolean>, withinMs = 20_000): Promise<void> {
  const until = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the test replica did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

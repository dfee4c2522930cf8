import { existsSync } from 'node:fs';
import { readdir, readlink } from 'node:fs/promises';
import path from 'node:path';

export type EmbeddedUse =
  | { state: 'closed' }
  /** A process has files of the folder open: the server (or another command) is running on it. */
  | { state: 'open'; pids: number[] }
  /** Left open by a process that has gone (killed): PGlite opens it again as after a crash. */
  | { state: 'stale' }
  /** Marked open, and this machine cannot tell by whom (no /proc, or processes of other users). */
  | { state: 'unknown' };

/**
 * Whether a process has the embedded database in `clusterDir` open. PGlite takes no lock, and a second process
 * opening the same folder would corrupt it. Its postmaster.pid is no proof either way: a second process that opened
 * the folder removes it when it closes, while the first still runs. So for a folder that holds a database the
 * processes of this machine are asked (Linux /proc) whether any holds a file of it; postmaster.pid only tells a
 * folder left open by a killed process ('stale') from a closed one, and marks 'unknown' where /proc cannot tell.
 */
export async function embeddedInUse(clusterDir: string): Promise<EmbeddedUse> {
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) return { state: 'closed' };
  const marked = existsSync(path.join(clusterDir, 'postmaster.pid'));
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return marked ? { state: 'unknown' } : { state: 'closed' };
  }
  const root = path.resolve(clusterDir) + path.sep;
  const holding: number[] = [];
  let unreadable = false;
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = await readdir(`/proc/${pid}/fd`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') unreadable = true;
      continue;
    }
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (target.startsWith(root)) {
        holding.push(Number(pid));
        break;
      }
    }
  }
  if (holding.length > 0) return { state: 'open', pids: holding };
  if (!marked) return { state: 'closed' };
  return unreadable ? { state: 'unknown' } : { state: 'stale' };
}

/** Child processes for the benchmarks: the built Milli server and the ceiling, each on a free port. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Running {
  url: string;
  pid: number;
  /** Resident memory of the process now, in MB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

/** Starts `node --import tsx <script>` and waits for the line that names its address. */
export function start(script: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs = 180_000): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({
        url: match[1]!.replace('localhost', '127.0.0.1'),
        pid: child.pid!,
        rssMb: () => rssMb(child.pid!),
        stop: () =>
          new Promise<void>((done) => {
            process.off('exit', killOnExit);
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

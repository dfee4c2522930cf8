import { pathToFileURL } from 'node:url';

/**
 * Runs a command's `main` when its file is the one node was started with (not when a test imports it): exits with
 * the code main answers, or 1 after one line naming the command and what went wrong.
 */
export function runCliWhenMain(moduleUrl: string, name: string, main: (argv: string[]) => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name}: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}

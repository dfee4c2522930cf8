import { createRequire } from 'node:module';

/**
 * IFSC lookups from the `ifsc` package's offline register (RBI's list, shipped with the package): its
 * `validate` says whether the branch code exists, and banknames.json names the bank by the first four
 * letters. The package's online fetch is never used: an application must not wait on another service.
 */
const require = createRequire(import.meta.url);
let register: { ifsc: { validate(code: string): boolean }; bankNames: Record<string, string> } | undefined;

/** The bank of an existing IFSC, or null when no branch has that code. The register (about 18 MB in memory) is read on first use. */
export function bankOfIfsc(code: string): string | null {
  register ??= {
    ifsc: require('ifsc') as { validate(code: string): boolean },
    bankNames: require('ifsc/src/banknames.json') as Record<string, string>,
  };
  const { ifsc, bankNames } = register;
  const normalised = code.trim().toUpperCase();
  if (!ifsc.validate(normalised)) return null;
  return bankNames[normalised.slice(0, 4)] ?? normalised.slice(0, 4);
}

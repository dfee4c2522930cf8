import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of decision 027, proved by lint: each case is a line someone might write in a real file of the
 * tree, linted as if it were there; the rule named must refuse it, and the allowed counterpart must pass.
 */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const refused: { why: string; file: string; code: string; rule: string }[] = [
  {
    why: 'a module reads another module’s repository',
    file: 'apps/server/src/modules/checkout/example.ts',
    code: "import { cartRepository } from '../cart/repository.ts';\nexport const x = cartRepository;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    why: 'a module imports the composition root',
    file: 'apps/server/src/modules/cart/example.ts',
    code: "import { buildApp } from '../../app.ts';\nexport const x = buildApp;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    why: 'a module builds the shared services itself (issue 36: they come as deps.services)',
    file: 'apps/server/src/modules/cart/example.ts',
    code: "import { buildServices } from '../../services.ts';\nexport const x = buildServices;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    why: 'a plugin imports a module',
    file: 'apps/server/src/plugins/example.ts',
    code: "import { createCatalogService } from '../modules/catalog/service.ts';\nexport const x = createCatalogService;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    why: 'Drizzle outside a repository',
    file: 'apps/server/src/modules/stores/example.ts',
    code: "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
    rule: 'no-restricted-imports',
  },
  {
    why: 'Drizzle in a plugin',
    file: 'apps/server/src/plugins/example.ts',
    code: "import { sql } from 'drizzle-orm';\nexport const x = sql;\n",
    rule: 'no-restricted-imports',
  },
  {
    why: 'a web feature imports another feature',
    file: 'apps/web/app/features/home/example.ts',
    code: "import { FILTER_KEYS } from '../catalog/listing-url.ts';\nexport const x = FILTER_KEYS;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    why: 'a shared web component imports a feature',
    file: 'apps/web/app/components/layout/example.ts',
    code: "import { FILTER_KEYS } from '../../features/catalog/listing-url.ts';\nexport const x = FILTER_KEYS;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    why: 'a package imports an app',
    file: 'packages/pricing/src/example.ts',
    code: "import { STATUS_OF } from '../../../apps/server/src/plugins/errors.ts';\nexport const x = STATUS_OF;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    why: 'a module imports another module’s file other than its service.ts (issue 36)',
    file: 'apps/server/src/modules/checkout/example.ts',
    code: "import { orderRules } from '../orders/rules.ts';\nexport const x = orderRules;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    why: 'the web app imports the server',
    file: 'apps/web/app/lib/example.ts',
    code: "import { STATUS_OF } from '../../../server/src/plugins/errors.ts';\nexport const x = STATUS_OF;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    why: 'the web app imports the database package',
    file: 'apps/web/app/lib/example.ts',
    code: "import { schema } from '@milli/db';\nexport const x = schema;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    why: 'two files import each other',
    file: 'apps/server/src/domain-error.ts',
    code: "import { STATUS_OF } from './plugins/errors.ts';\nexport const x = STATUS_OF;\nexport class DomainError extends Error {}\n",
    rule: 'import-x/no-cycle',
  },
  {
    why: 'a value forced to be a database handle (issue 38)',
    file: 'packages/db/src/example.ts',
    code: "import type { Db } from './client.ts';\nexport const x = {} as unknown as Db;\n",
    rule: 'no-restricted-syntax',
  },
];

const allowed: { why: string; file: string; code: string }[] = [
  {
    why: 'a module calls another module’s service',
    file: 'apps/server/src/modules/checkout/example.ts',
    code: "import { createSettingsService } from '../settings/service.ts';\nexport const x = createSettingsService;\n",
  },
  { why: 'a repository uses Drizzle', file: 'apps/server/src/modules/stores/repository.ts', code: "import { eq } from 'drizzle-orm';\nexport const x = eq;\n" },
  {
    why: 'a feature imports lib/',
    file: 'apps/web/app/features/home/example.ts',
    code: "import { ART_KINDS } from '../../lib/art-url.ts';\nexport const x = ART_KINDS;\n",
  },
];

describe('the boundaries lint keeps (decision 027)', () => {
  it.each(refused)('refuses: $why ($rule)', async ({ file, code, rule }) => {
    const found = await problems(file, code);
    expect(
      found.some((p) => p.startsWith(`${rule}:`)),
      found.join('\n') || 'no problem reported',
    ).toBe(true);
  });

  it.each(allowed)('allows: $why', async ({ file, code }) => {
    const found = await problems(file, code);
    expect(found.filter((p) => /no-restricted|no-cycle/.test(p))).toEqual([]);
  });
});

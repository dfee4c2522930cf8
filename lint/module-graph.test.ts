import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, modulesDir, moduleImports, readModuleFiles } from './server-shape.ts';

/**
 * The server's modules form no cycle at folder level (issue 36). File-level lint (import-x/no-cycle) sees no cycle
 * when orders/service.ts imports checkout/mail.ts and checkout/service.ts imports orders/payment.ts; the folders
 * still depend on each other, and such a knot grew to eleven modules. This reads every module's imports.
 */
describe('the module graph', () => {
  it('has no cycle', () => {
    const graph = moduleImports(readModuleFiles());
    const cycles = cyclesOf(graph).map((members) =>
      members.flatMap((from) => members.filter((to) => graph.get(from)?.has(to)).map((to) => `${from} → ${to}: ${graph.get(from)!.get(to)![0]}`)),
    );
    expect(cycles).toEqual([]);
  });

  it('finds a cycle planted between two modules, through files other than their services', () => {
    const file = (module: string, name: string) => path.join(modulesDir, module, name);
    const graph = moduleImports([
      { file: file('alpha', 'service.ts'), text: "import { b } from '../beta/mail.ts';\nexport const a = b;\n" },
      { file: file('beta', 'rules.ts'), text: "import type { A } from '../alpha/repository.ts';\nexport type B = A;\n" },
      { file: file('gamma', 'service.ts'), text: "import { a } from '../alpha/service.ts';\nexport const c = a;\n" },
    ]);
    expect(cyclesOf(graph)).toEqual([['alpha', 'beta']]);
  });
});

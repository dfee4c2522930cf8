import type { ModuleDeps } from '../../deps.ts';
import { DomainError } from '../../domain-error.ts';
import { readCell, writeCell } from './cells.ts';
import { BOM, csvLines } from './csv.ts';
import type { ProductWriter } from './service.ts';

// STUB until the catalogue's write core lands: the columns and checks below are replaced by the product form's.

interface Column {
  name: string;
  required?: boolean;
  examples: [string, string];
}

export const COLUMNS: Column[] = [
  { name: 'sku', required: true, examples: ['MR-1001', 'MR-1002'] },
  { name: 'name', required: true, examples: ['Kangan Meenakari Bangle', 'Tara Solitaire Ring'] },
  { name: 'metalWeight', examples: ['12.5', '3.25'] },
  { name: 'tags', examples: ['Kada|Daily', 'Solitaire'] },
];

export function csvTemplate(): string {
  return BOM + csvLines([COLUMNS.map((c) => c.name), COLUMNS.map((c) => c.examples[0]), COLUMNS.map((c) => c.examples[1])]);
}

export function csvExport(_deps: ModuleDeps, _query: unknown): string {
  return BOM + csvLines([COLUMNS.map((c) => c.name)]);
}

export function productWriter(_deps: ModuleDeps): ProductWriter<Record<string, unknown>> {
  return {
    columns: COLUMNS.map((c) => c.name),
    requiredColumns: COLUMNS.filter((c) => c.required).map((c) => c.name),
    check(cells) {
      const fields: Record<string, string> = {};
      const value: Record<string, unknown> = {};
      if (!cells.get('sku')?.trim()) fields.sku = 'Please give the SKU.';
      if (!cells.get('name')?.trim()) fields.name = 'Please give the name.';
      const weight = readCell.grams(cells.get('metalWeight') ?? '');
      if (!weight.ok) fields.metalWeight = weight.message;
      else value.metalWeightMg = weight.value;
      value.tags = readCell.list(cells.get('tags') ?? '');
      void writeCell;
      return Object.keys(fields).length ? { ok: false, fields } : { ok: true, value };
    },
    async write() {
      throw new DomainError('INTERNAL', 'The product write core has not landed yet.');
    },
  };
}

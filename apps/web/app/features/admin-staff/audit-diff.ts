/** One line of an audit entry's diff: a field that was added, removed or changed. */
export interface DiffRow {
  key: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an entry's before and after differ in, nested objects flattened with dots ('price.making'); a value
 * that is not an object on either side is one row named '(value)'. Unchanged fields are left out.
 */
export function diffEntries(before: unknown, after: unknown, prefix = ''): DiffRow[] {
  const b = before ?? null;
  const a = after ?? null;
  if (!isRecord(b) && !isRecord(a)) {
    if (same(b, a)) return [];
    const key = prefix || '(value)';
    if (b === null) return [{ key, kind: 'added', after: a }];
    if (a === null) return [{ key, kind: 'removed', before: b }];
    return [{ key, kind: 'changed', before: b, after: a }];
  }
  const bRec = isRecord(b) ? b : {};
  const aRec = isRecord(a) ? a : {};
  const rows: DiffRow[] = [];
  for (const key of [...new Set([...Object.keys(bRec), ...Object.keys(aRec)])]) {
    const name = prefix ? `${prefix}.${key}` : key;
    const bv = bRec[key];
    const av = aRec[key];
    if (same(bv, av)) continue;
    if (isRecord(bv) && isRecord(av)) {
      rows.push(...diffEntries(bv, av, name));
    } else if (!(key in bRec)) {
      rows.push({ key: name, kind: 'added', after: av });
    } else if (!(key in aRec)) {
      rows.push({ key: name, kind: 'removed', before: bv });
    } else {
      rows.push({ key: name, kind: 'changed', before: bv, after: av });
    }
  }
  return rows;
}

/** A value as a person reads it: text as is, nothing as "(empty)", lists and objects as compact JSON. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value.length > 300 ? `${value.slice(0, 300)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 300 ? `${json.slice(0, 300)}…` : json;
}

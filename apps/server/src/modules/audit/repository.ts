import { schema, type Db } from '@milli/db';

export interface AuditRow {
  staffId: number | null;
  staffEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  via: string;
  requestId: string | null;
}

/** Appends to the audit log: the only statement the store ever runs on it besides reading (the table refuses the rest). */
export function auditRepository(db: Db) {
  return {
    async append(rows: readonly AuditRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(schema.auditLog).values(rows.map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null })));
    },
  };
}

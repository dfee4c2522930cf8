import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
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

/** What the log is read by: each filter optional, `before` an entry id for paging older entries. */
export interface AuditFilter {
  limit: number;
  before?: number | undefined;
  entity?: string | undefined;
  staffEmail?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const a = schema.auditLog;

/** Appends to the audit log and reads it: the only statements the store ever runs on it (the table refuses the rest). */
export function auditRepository(db: Db) {
  return {
    async append(rows: readonly AuditRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(schema.auditLog).values(rows.map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null })));
    },
    /** Newest first (ids grow with time). */
    async list(filter: AuditFilter) {
      const where: SQL[] = [];
      if (filter.before !== undefined) where.push(lt(a.id, filter.before));
      if (filter.entity) where.push(eq(a.entity, filter.entity));
      if (filter.staffEmail) where.push(eq(a.staffEmail, filter.staffEmail));
      if (filter.action) where.push(eq(a.action, filter.action));
      if (filter.from) where.push(gte(a.at, filter.from));
      if (filter.to) where.push(lt(a.at, filter.to));
      return db
        .select()
        .from(a)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(a.id))
        .limit(filter.limit);
    },
  };
}

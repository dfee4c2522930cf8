import type { FastifyRequest } from 'fastify';
import type { Db } from '@milli/db';
import { staffOf } from '../../plugins/staff.ts';
import { auditRepository } from './repository.ts';

/** Who made a change, as the audit log records it. */
export interface AuditActor {
  staffId: number | null;
  /** The member's e-mail at the time, or 'system' / 'cli' for what no member did. */
  staffEmail: string;
  /** 'session', 'token:{id}' or 'cli'. */
  via: string;
  requestId: string | null;
}

/** One staff write: what it touched, and the entity as it was before and is after (null for a creation or removal). */
export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** The actor of a staff route's request (the route is declared `access: 'staff'`). */
export function actorOf(request: FastifyRequest): AuditActor {
  const member = staffOf(request);
  return {
    staffId: member.id,
    staffEmail: member.email,
    via: member.via.kind === 'session' ? 'session' : `token:${member.via.tokenId}`,
    requestId: request.id,
  };
}

export const SYSTEM_ACTOR: AuditActor = { staffId: null, staffEmail: 'system', via: 'system', requestId: null };

/**
 * Records staff writes in the audit log. Call it with the write's own transaction, so a change and its record
 * commit or fail together: there is never a change without its record, nor a record of a change that did not happen.
 * Secrets (password hashes, TOTP secrets, token hashes) never belong in `before` or `after`: pass what a person
 * reviewing the log should read.
 */
export async function recordAudit(tx: Db, actor: AuditActor, ...entries: AuditEntry[]): Promise<void> {
  await auditRepository(tx).append(
    entries.map((e) => ({
      staffId: actor.staffId,
      staffEmail: actor.staffEmail,
      via: actor.via,
      requestId: actor.requestId,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
      before: jsonSafe(e.before),
      after: jsonSafe(e.after),
    })),
  );
}

/** Dates as ISO text, undefined dropped: what JSON keeps, so the log reads back as it was written. */
function jsonSafe(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as unknown;
}

/** The day a YYYY-MM-DD names, as India keeps it (IST, no daylight saving): its first instant. */
function indianDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

/**
 * GET /api/admin/audit: newest first, `before` an entry id for the page of older ones; `from` and `to` are whole
 * Indian days, both included.
 */
export async function readAudit(
  db: Db,
  query: {
    limit: number;
    before?: number | undefined;
    entity?: string | undefined;
    staff?: string | undefined;
    action?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const rows = await auditRepository(db).list({
    limit: query.limit,
    before: query.before,
    entity: query.entity,
    staffEmail: query.staff,
    action: query.action,
    from: query.from ? indianDayStart(query.from) : undefined,
    to: query.to ? new Date(indianDayStart(query.to).getTime() + 86_400_000) : undefined,
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      staff: r.staffEmail,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
      via: r.via,
    })),
  };
}

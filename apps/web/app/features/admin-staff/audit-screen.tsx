/**
 * The audit log's screen (routes/admin/audit.tsx): a GET form of filters, the entries newest first, each with its
 * before → after as a diff of the fields that changed, and a link to the older entries.
 */
import { Form, Link } from 'react-router';
import type { AuditEntryRow } from '@milli/contracts/schemas';
import { EmptyState } from '../../components/admin/list-kit.tsx';
import { FormError } from '../../components/admin/form-kit.tsx';
import { diffEntries, showValue } from './audit-diff.ts';
import { formatWhen } from './format.ts';

export const AUDIT_FILTERS = ['entity', 'staff', 'action', 'from', 'to'] as const;

const ENTITY_HINTS = ['product', 'rates', 'coupon', 'store', 'settings', 'staff', 'api-token', 'category', 'tag', 'stone'];

function Diff({ entry }: { entry: AuditEntryRow }) {
  const rows = diffEntries(entry.before, entry.after);
  if (rows.length === 0) return <span className="adm-muted">—</span>;
  return (
    <table className="audit-diff">
      <caption className="adm-visually-hidden">Changes</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.key}</th>
            <td>
              {r.kind !== 'added' && (
                <del className="audit-value">
                  <span className="adm-visually-hidden">was </span>
                  {showValue(r.before)}
                </del>
              )}
              {r.kind === 'changed' && ' → '}
              {r.kind !== 'removed' && (
                <ins className="audit-value">
                  <span className="adm-visually-hidden">{r.kind === 'added' ? 'set to ' : 'now '}</span>
                  {showValue(r.after)}
                </ins>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AuditScreen({
  entries,
  filters,
  error,
  limit,
}: {
  entries: AuditEntryRow[];
  filters: Record<string, string>;
  error: string | null;
  limit: number;
}) {
  const last = entries[entries.length - 1];
  const older = new URLSearchParams();
  for (const name of AUDIT_FILTERS) if (filters[name]) older.set(name, filters[name]);
  if (filters.limit) older.set('limit', filters.limit);
  if (last) older.set('before', String(last.id));
  const active = AUDIT_FILTERS.some((n) => filters[n]);
  return (
    <div className="adm-stack staff-stack">
      <Form method="get" className="audit-filters" role="search" aria-label="Filter the audit log">
        <div className="adm-field">
          <label className="adm-label" htmlFor="audit-entity">
            Entity
          </label>
          <input
            id="audit-entity"
            name="entity"
            className="adm-input"
            list="audit-entities"
            defaultValue={filters.entity}
            maxLength={60}
            placeholder="product, staff…"
          />
          <datalist id="audit-entities">
            {ENTITY_HINTS.map((e) => (
              <option key={e} value={e} />
            ))}
          </datalist>
        </div>
        <div className="adm-field">
          <label className="adm-label" htmlFor="audit-staff">
            Staff e-mail
          </label>
          <input id="audit-staff" name="staff" type="text" inputMode="email" className="adm-input" defaultValue={filters.staff} maxLength={254} />
        </div>
        <div className="adm-field">
          <label className="adm-label" htmlFor="audit-action">
            Action
          </label>
          <input id="audit-action" name="action" className="adm-input" defaultValue={filters.action} maxLength={60} placeholder="create, update, sign-in…" />
        </div>
        <div className="adm-field">
          <label className="adm-label" htmlFor="audit-from">
            From
          </label>
          <input id="audit-from" name="from" type="date" className="adm-input" defaultValue={filters.from} />
        </div>
        <div className="adm-field">
          <label className="adm-label" htmlFor="audit-to">
            To
          </label>
          <input id="audit-to" name="to" type="date" className="adm-input" defaultValue={filters.to} />
        </div>
        <div className="adm-form-actions">
          <button type="submit" className="adm-button adm-button--primary">
            Apply
          </button>
          {active && (
            <Link to="/admin/audit" className="adm-button adm-button--ghost">
              Clear
            </Link>
          )}
        </div>
      </Form>
      <FormError message={error} />
      {entries.length === 0 ? (
        <EmptyState title={active || filters.before ? 'No entries match' : 'Nothing recorded yet'}>{active ? 'Change or clear the filters.' : null}</EmptyState>
      ) : (
        <div className="adm-table-wrap" role="region" aria-label="Audit entries (scrolls sideways on a narrow screen)" tabIndex={0}>
          <table className="adm-table">
            <caption className="adm-visually-hidden">Audit log, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">What</th>
                <th scope="col">Changes</th>
                <th scope="col">Via</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>
                    <time dateTime={e.at}>{formatWhen(e.at)}</time>
                  </td>
                  <td>{e.staff}</td>
                  <td>{e.action}</td>
                  <th scope="row">
                    {e.entity}
                    {e.entityId ? ` #${e.entityId}` : ''}
                  </th>
                  <td>
                    <Diff entry={e} />
                  </td>
                  <td>{e.via}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {entries.length >= limit && last && (
        <p>
          <Link to={`/admin/audit?${older.toString()}`} className="adm-button adm-button--secondary">
            Older entries
          </Link>
        </p>
      )}
    </div>
  );
}

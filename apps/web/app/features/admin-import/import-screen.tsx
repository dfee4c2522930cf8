/**
 * /admin/import (issue 17): download the template or an export, choose or drop a CSV, check it (a dry run that
 * lists every row's problems), then import it, with a bar for the upload and one for the rows. Without
 * JavaScript the form posts to the route's action, which sends the file on and shows the same report.
 */
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ImportProblem, ImportReport } from '@milli/contracts/schemas';
import { PageHeader, Panel } from '../../components/admin/admin-shell.tsx';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { sendImport, type ImportProgress } from './upload.ts';
import './admin-import.css';

export const TEMPLATE_URL = '/api/admin/products/csv-template';
export const EXPORT_URL = '/api/admin/products/export.csv';

/** What the action answers a form post without JavaScript. */
export interface ImportActionData {
  intent: 'check' | 'import';
  report?: ImportReport;
  message?: string;
}

/** Problems shown on the page; a file with more lists the first ones and says how many there are. */
const SHOWN_PROBLEMS = 1000;

const count = (n: number) => n.toLocaleString('en-IN');
const products = (n: number) => `${count(n)} product${n === 1 ? '' : 's'}`;

export function ProblemTable({ problems }: { problems: readonly ImportProblem[] }) {
  const rows = new Set(problems.map((p) => p.row)).size;
  return (
    <>
      <p>
        {count(problems.length)} problem{problems.length === 1 ? '' : 's'} in {count(rows)} row{rows === 1 ? '' : 's'}. Fix them in the file and check it again:
        nothing is written while any row has a problem.
      </p>
      <div className="adm-table-wrap imp-problems">
        <table className="adm-table">
          <caption className="adm-visually-hidden">Problems by row and column</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {problems.slice(0, SHOWN_PROBLEMS).map((p, i) => (
              <tr key={`${p.row}-${p.column}-${i}`}>
                <td>{p.row === 0 ? 'File' : p.row}</td>
                <td>{p.column ? <code>{p.column}</code> : '—'}</td>
                <td>{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problems.length > SHOWN_PROBLEMS && <p className="adm-muted">The first {count(SHOWN_PROBLEMS)} are shown; fix these and check again to see the rest.</p>}
    </>
  );
}

function ReportView({ report, message }: { report: ImportReport; message?: string | undefined }) {
  if (report.written) {
    return (
      <div className="adm-banner adm-banner--success imp-report" role="status">
        <p>
          <strong>Imported {products(report.rows)}:</strong> {count(report.created)} created, {count(report.updated)} updated.
        </p>
        <p>
          <Link to={ADMIN_PATHS.products}>See the products</Link>
        </p>
      </div>
    );
  }
  if (report.problems.length > 0) {
    return (
      <div className="adm-banner adm-banner--error imp-report" role="alert">
        <p>
          <strong>{message ?? 'The file has problems.'}</strong>
        </p>
        <ProblemTable problems={report.problems} />
      </div>
    );
  }
  return (
    <div className="adm-banner adm-banner--success imp-report" role="status">
      <p>
        <strong>The file is ready to import:</strong> {products(report.rows)}, {count(report.created)} new and {count(report.updated)} to update. Nothing has
        been written yet.
      </p>
    </div>
  );
}

function Bars({ progress, intent }: { progress: ImportProgress; intent: 'check' | 'import' }) {
  const p = progress.processing;
  const label = p?.phase === 'write' ? 'Writing products' : 'Checking rows';
  return (
    <div className="imp-bars" aria-live="polite">
      <label className="imp-bar">
        <span>Uploading the file: {Math.round(progress.upload * 100)} %</span>
        <progress max={1} value={progress.upload} />
      </label>
      <label className="imp-bar">
        <span>
          {p
            ? `${label}: ${count(p.done)} of ${count(p.total)}`
            : progress.upload < 1
              ? 'Waiting for the upload'
              : intent === 'import'
                ? 'Checking before writing…'
                : 'Checking…'}
        </span>
        {p ? <progress max={p.total} value={p.done} /> : <progress />}
      </label>
    </div>
  );
}

export function ImportScreen({ actionData }: { actionData?: ImportActionData | undefined }) {
  const [hydrated, setHydrated] = useState(false);
  const [chosen, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [progress, setProgress] = useState<ImportProgress>({ upload: 0, processing: null });
  const [result, setResult] = useState<ImportActionData | null>(actionData ?? null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setHydrated(true);
    // A file chosen before the page's script ran is the one to send.
    const early = input.current?.files?.[0];
    if (early) setFile(early);
  }, []);
  useEffect(() => setResult(actionData ?? null), [actionData]);

  const checked = result?.intent === 'check' && result.report && result.report.problems.length === 0 ? result.report : null;
  // With JavaScript the check belongs to the chosen file; without, the member chooses it again to import.
  const canImport = checked !== null && (!hydrated || chosen !== null) && busy === null;

  function choose(chosen: File | null) {
    setFile(chosen);
    setResult(null);
  }

  async function run(intent: 'check' | 'import') {
    const file = chosen ?? input.current?.files?.[0] ?? null;
    if (!file) {
      setResult({ intent, message: 'Please choose a CSV file first.' });
      return;
    }
    setBusy(intent);
    setProgress({ upload: 0, processing: null });
    const outcome = await sendImport(file, intent === 'check', setProgress);
    setBusy(null);
    if (outcome.ok) setResult({ intent, report: outcome.report });
    else setResult({ intent, message: outcome.message, ...(outcome.report ? { report: outcome.report } : {}) });
    if (outcome.ok && outcome.report.written) {
      setFile(null);
      if (input.current) input.current.value = '';
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void run(submitter?.value === 'import' ? 'import' : 'check');
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!dropped) return;
    if (input.current) input.current.files = event.dataTransfer.files;
    choose(dropped);
  }

  return (
    <>
      <PageHeader
        title="Import and export products"
        description="One row per product, the columns named as the product form's fields. A file is checked whole before anything is written, and written in one go."
      />

      <Panel title="Download">
        <p>
          <a className="adm-button adm-button--secondary" href={TEMPLATE_URL} download>
            Download the template
          </a>{' '}
          <a className="adm-button adm-button--secondary" href={EXPORT_URL} download>
            Export all products
          </a>
        </p>
        <form method="get" action={EXPORT_URL} className="imp-export">
          <label className="adm-field">
            <span className="adm-label">Search (SKU or name)</span>
            <input className="adm-input" type="search" name="q" maxLength={100} />
          </label>
          <label className="adm-field">
            <span className="adm-label">Category</span>
            <input className="adm-input" type="text" name="category" maxLength={60} placeholder="e.g. Rings" />
          </label>
          <label className="adm-field">
            <span className="adm-label">Status</span>
            <select className="adm-input" name="status" defaultValue="">
              <option value="">All</option>
              <option value="active">Active</option>
              <option value="archived">Archived</option>
            </select>
          </label>
          <label className="adm-field">
            <span className="adm-label">Stock</span>
            <select className="adm-input" name="stock" defaultValue="">
              <option value="">All</option>
              <option value="low">Low</option>
              <option value="out">Out of stock</option>
            </select>
          </label>
          <button type="submit" className="adm-button adm-button--secondary">
            Export these
          </button>
        </form>
        <p className="adm-hint">
          An export has the template's columns: edit it in a spreadsheet and import it back. Lists (tags, stones, purities, sizes, gift occasions…) are
          separated by |; amounts are in rupees, weights in grams and carats. Save as “CSV UTF-8”.
        </p>
      </Panel>

      <Panel title="Import">
        <form
          method="post"
          encType="multipart/form-data"
          className="adm-form"
          onSubmit={hydrated ? onSubmit : undefined}
          aria-busy={busy !== null}
          data-hydrated={hydrated || undefined}
        >
          <label
            className={`imp-drop${dragging ? ' imp-drop--over' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <span className="adm-label">CSV file (at most 10 MB, 5,000 products)</span>
            <input ref={input} type="file" name="file" accept=".csv,text/csv" required onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)} />
            <span className="adm-hint">
              {chosen ? `Chosen: ${chosen.name} (${Math.ceil(chosen.size / 1024).toLocaleString('en-IN')} KB)` : 'Choose a file, or drop one here.'}
            </span>
          </label>
          {!hydrated && checked && <p className="adm-hint">Choose the same file again to import it.</p>}
          <div className="adm-form-actions">
            <button type="submit" name="intent" value="check" className="adm-button adm-button--secondary" disabled={busy !== null}>
              {busy === 'check' ? 'Checking…' : 'Check file'}
            </button>
            <button type="submit" name="intent" value="import" className="adm-button adm-button--primary" disabled={!canImport}>
              {busy === 'import' ? 'Importing…' : checked ? `Import ${products(checked.rows)}` : 'Import products'}
            </button>
          </div>
        </form>
        {busy && <Bars progress={progress} intent={busy} />}
        {!busy && result?.report && <ReportView report={result.report} message={result.message} />}
        {!busy && result && !result.report && result.message && (
          <div className="adm-banner adm-banner--error imp-report" role="alert">
            <p>{result.message}</p>
          </div>
        )}
      </Panel>
    </>
  );
}

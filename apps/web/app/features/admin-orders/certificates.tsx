import type { AdminOrderDetail } from '@milli/contracts/schemas';
import { Panel } from '../../components/admin/admin-shell.tsx';
import { AdminForm, Field, FormActions, Select, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import type { AdminRefusal } from '../../lib/admin.server.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';

/** The labs the API takes (packages/contracts CERTIFICATE_LABS), in the desk's list. */
const LABS = ['IGI', 'GIA', 'SGL', 'HRD', 'GSI', 'IIDGR'].map((lab) => ({ value: lab, label: lab }));
const FIELDS = ['lab', 'number', 'file'] as const;

export interface CertificateResult {
  intent: 'certificate';
  pieceId: string;
  saved?: string;
  refusal?: AdminRefusal;
  typed?: Record<string, string>;
}

const download = (orderNumber: string, pieceId: number) => `/api/admin/orders/${encodeURIComponent(orderNumber)}/pieces/${pieceId}/certificate`;

/**
 * Diamond certificates (issue 20): one small upload form per packed piece (lab, number, the file: PDF, JPEG or
 * PNG up to 5 MB). A plain multipart POST to the order page's action, so it works without JavaScript.
 */
export function Certificates({ o, result }: { o: AdminOrderDetail; result: CertificateResult | undefined }) {
  // Only pieces set with diamonds: a lab has nothing to grade on plain gold, and the server refuses it (issue 39).
  const withDiamonds = new Set(o.lines.filter((l) => l.diamondWeightCents > 0).map((l) => l.lineId));
  const pieces = o.pieces.filter((p) => withDiamonds.has(p.lineId));
  if (pieces.length === 0) return null;
  const nameOf = (lineId: number) => o.lines.find((l) => l.lineId === lineId)?.name ?? 'Piece';
  return (
    <Panel title="Diamond certificates" id="certificates">
      <p className="adm-hint">
        A lab’s grading certificate for a piece with diamonds: PDF, JPEG or PNG, at most 5 MB. The customer downloads it from their order page; a new file
        replaces the old one.
      </p>
      <ul className="adm-cert-list">
        {pieces.map((p) => {
          const mine = result?.pieceId === String(p.id) ? result : undefined;
          const fields = mine?.refusal ? apiFieldErrors(mine.refusal, FIELDS) : {};
          const label = p.huid ? `${nameOf(p.lineId)}, HUID ${p.huid}` : `${nameOf(p.lineId)}, piece ${p.id}`;
          return (
            // Keyed on the stored number too: once saved, the form starts empty (no file still chosen).
            <li key={`${p.id}:${p.certificate?.number ?? ''}`} className="adm-cert">
              <AdminForm encType="multipart/form-data" aria-label={`Certificate of ${label}`} error={mine?.refusal?.message} saved={mine?.saved} noValidate>
                <input type="hidden" name="intent" value="certificate" />
                <input type="hidden" name="pieceId" value={p.id} />
                <p className="adm-cert-piece">
                  <strong>{nameOf(p.lineId)}</strong> · {p.huid ? `HUID ${p.huid}` : 'not hallmarked'} ·{' '}
                  {p.certificate ? (
                    <a href={download(o.orderNumber, p.id)} download>
                      {p.certificate.lab} {p.certificate.number}
                    </a>
                  ) : (
                    <span className="adm-muted">no certificate yet</span>
                  )}
                </p>
                <div className="adm-cert-fields">
                  <Select name="lab" label="Lab" options={LABS} defaultValue={mine?.typed?.lab ?? p.certificate?.lab ?? 'IGI'} error={fields.lab} required />
                  <TextField
                    name="number"
                    label="Certificate number"
                    defaultValue={mine?.typed?.number ?? p.certificate?.number ?? ''}
                    maxLength={40}
                    autoComplete="off"
                    error={fields.number}
                    required
                  />
                  <Field label="File" error={fields.file} required>
                    {(control) => <input {...control} type="file" name="file" accept="application/pdf,image/jpeg,image/png" className="adm-input" />}
                  </Field>
                </div>
                <FormActions>
                  <SubmitButton pending="Uploading…">{p.certificate ? 'Replace the certificate' : 'Upload the certificate'}</SubmitButton>
                </FormActions>
              </AdminForm>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

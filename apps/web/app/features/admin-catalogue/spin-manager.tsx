/**
 * The product's 360° turn (issue 40, decision 066): the frames staff uploaded (a strip of some of them, in order) and
 * their removal, and a form to send a new sequence in their place. A plain multipart form: it works without
 * JavaScript, and the page's action sends the files on in their names' order.
 */
import { Form } from 'react-router';
import { MAX_SPIN_BYTES, MAX_SPIN_FRAME_BYTES, MAX_SPIN_FRAMES, MIN_SPIN_FRAMES } from '@milli/contracts';
import type { ProductSpin } from '@milli/contracts/schemas';
import { SubmitButton } from '../../components/admin/form-kit.tsx';
import { ConfirmAction } from '../../components/admin/confirm-dialog.tsx';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
const MB = 1024 * 1024;
/** Frames shown in the strip: enough to see the piece go round, few enough for one row. */
const STRIP = 8;

/** Frame files in the order the piece turns: by name, numbers by their value (frame-2 before frame-10). */
export function framesInOrder<T extends { name: string }>(files: readonly T[]): T[] {
  return [...files].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' }));
}

export function SpinManager({ spin, name, error, confirm }: { spin: ProductSpin | null; name: string; error?: string | undefined; confirm: boolean }) {
  const shown = spin
    ? Array.from({ length: Math.min(STRIP, spin.frames.length) }, (_, i) => Math.floor((i * spin.frames.length) / Math.min(STRIP, spin.frames.length)))
    : [];
  return (
    <section className="adm-panel cat-spin" aria-labelledby="cat-spin-title">
      <div className="adm-panel__head">
        <h2 id="cat-spin-title" className="adm-panel__title">
          360° turn
        </h2>
      </div>
      <div className="adm-panel__body">
        {spin ? (
          <div className="cat-spin__now">
            <ul className="cat-spin__strip" aria-label={`Some of the ${spin.frames.length} frames, in order`}>
              {shown.map((i) => (
                <li key={spin.frames[i]}>
                  <img
                    src={spin.frames[i]}
                    alt={`${name}, frame ${i + 1} (turned ${Math.round((i * 360) / spin.frames.length)}°)`}
                    width={80}
                    height={Math.round((80 * spin.height) / spin.width)}
                  />
                </li>
              ))}
            </ul>
            <p className="adm-muted">
              {spin.frames.length} frames, {spin.width} × {spin.height} px,{' '}
              {spin.bytes < MB ? `${Math.ceil(spin.bytes / 1024)} KB` : `${(spin.bytes / MB).toFixed(1)} MB`} as sent. The shop turns the piece in these frames.
            </p>
            <Form method="post">
              <ConfirmAction intent="delete-spin" label="Remove the turn" title="Remove the 360° turn?" confirmLabel="Remove" open={confirm}>
                <p>Its frames are deleted; the shop stops showing the turn at once (a demo piece turns in its drawings again).</p>
              </ConfirmAction>
            </Form>
          </div>
        ) : (
          <p className="adm-muted">No photographed turn yet.</p>
        )}
        {/* Keyed by the turn shown: once a turn is sent, the file field is empty again rather than holding what was sent. */}
        <Form key={spin?.frames[0] ?? 'none'} method="post" encType="multipart/form-data" className="cat-upload">
          <label htmlFor="cat-spin" className="adm-label">
            {spin ? 'Replace the turn' : 'Add a turn'}
          </label>
          <p id="cat-spin-hint" className="adm-hint">
            {MIN_SPIN_FRAMES} to {MAX_SPIN_FRAMES} photos of the piece turning once round, all the same size (JPEG, PNG, WebP or AVIF, at most{' '}
            {MAX_SPIN_FRAME_BYTES / MB} MB each and {MAX_SPIN_BYTES / MB} MB together). They are put in order by file name, so frame-2 comes before frame-10.
            The new turn replaces the old one whole.
          </p>
          <input
            id="cat-spin"
            type="file"
            name="frames"
            accept={ACCEPT}
            multiple
            required
            aria-describedby={error ? 'cat-spin-hint cat-spin-error' : 'cat-spin-hint'}
            aria-invalid={error ? true : undefined}
          />
          {error && (
            <p id="cat-spin-error" className="adm-error">
              {error}
            </p>
          )}
          <SubmitButton name="intent" value="spin" pending="Sending the frames…">
            Send the frames
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}

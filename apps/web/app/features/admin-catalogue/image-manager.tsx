/**
 * A product's photos: upload several at once (drag and drop onto the box, or the file button, which is the
 * same file input and works without JavaScript), previews before sending, then per photo its description
 * (alt text), its place in the order (the first is the main picture) and removal. Each is its own small form.
 */
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { catalogueRendition } from '@milli/contracts';
import type { ProductImage } from '@milli/contracts/schemas';
import { SubmitButton } from '../../components/admin/form-kit.tsx';
import { ConfirmAction } from '../../components/admin/confirm-dialog.tsx';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

function DropZone({ error }: { error?: string | undefined }) {
  const input = useRef<HTMLInputElement>(null);
  const [previews, setPreviews] = useState<{ name: string; url: string }[]>([]);
  const [over, setOver] = useState(false);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  const show = (files: FileList | null) => setPreviews([...(files ?? [])].map((f) => ({ name: f.name, url: URL.createObjectURL(f) })));
  return (
    <div
      className={`cat-drop${over ? ' cat-drop--over' : ''}${error ? ' adm-field--invalid' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (input.current && e.dataTransfer.files.length > 0) {
          input.current.files = e.dataTransfer.files;
          show(e.dataTransfer.files);
        }
      }}
    >
      <label htmlFor="cat-images" className="adm-label">
        Add photos
      </label>
      <p id="cat-images-hint" className="adm-hint">
        Drop JPEG, PNG, WebP or AVIF photos here, or choose them (up to 10, 15 MB each). They are checked, turned upright and stored in the sizes the shop
        shows.
      </p>
      <input
        ref={input}
        id="cat-images"
        type="file"
        name="images"
        accept={ACCEPT}
        multiple
        required
        aria-describedby={error ? 'cat-images-hint cat-images-error' : 'cat-images-hint'}
        aria-invalid={error ? true : undefined}
        onChange={(e) => show(e.currentTarget.files)}
      />
      {previews.length > 0 && (
        <ul className="cat-previews" aria-label="Photos chosen">
          {previews.map((p) => (
            <li key={p.url}>
              <img src={p.url} alt={`Chosen: ${p.name}`} width={96} height={96} />
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id="cat-images-error" className="adm-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function ImageManager({
  images,
  productName,
  error,
  confirmImageId,
}: {
  images: ProductImage[];
  productName: string;
  error?: string | undefined;
  confirmImageId?: number | null;
}) {
  return (
    <section className="adm-panel cat-images" aria-labelledby="cat-images-title">
      <div className="adm-panel__head">
        <h2 id="cat-images-title" className="adm-panel__title">
          Photos
        </h2>
      </div>
      <div className="adm-panel__body">
        <Form method="post" encType="multipart/form-data" className="cat-upload">
          <input type="hidden" name="intent" value="upload" />
          <DropZone error={error} />
          <SubmitButton name="intent" value="upload" pending="Uploading…">
            Upload photos
          </SubmitButton>
        </Form>
        {images.length === 0 ? (
          <p className="adm-muted">No photos yet: the shop shows a drawing of the piece.</p>
        ) : (
          <ol className="cat-image-list">
            {images.map((img, i) => (
              <li key={img.id} className="cat-image">
                <img src={catalogueRendition(img.path, 240)} alt={img.alt || `${productName}, photo ${i + 1}`} width={120} height={120} />
                <div className="cat-image__body">
                  <p className="cat-image__place">{i === 0 ? 'Main picture' : `Photo ${i + 1}`}</p>
                  <Form method="post" className="cat-image__alt">
                    <input type="hidden" name="imageId" value={img.id} />
                    <label htmlFor={`alt-${img.id}`} className="adm-label">
                      Description (alt text)
                    </label>
                    <input id={`alt-${img.id}`} name="alt" defaultValue={img.alt} maxLength={200} className="adm-input" />
                    <button type="submit" name="intent" value="alt" className="adm-button adm-button--secondary">
                      Save description
                    </button>
                  </Form>
                  <Form method="post" className="cat-image__buttons">
                    <input type="hidden" name="imageId" value={img.id} />
                    {i > 0 && (
                      <button type="submit" name="intent" value="first" className="adm-button adm-button--ghost">
                        Make main
                      </button>
                    )}
                    {i > 0 && (
                      <button
                        type="submit"
                        name="intent"
                        value={`move:${i - 1}`}
                        className="adm-button adm-button--ghost"
                        aria-label={`Move photo ${i + 1} up`}
                      >
                        ↑ Up
                      </button>
                    )}
                    {i < images.length - 1 && (
                      <button
                        type="submit"
                        name="intent"
                        value={`move:${i + 1}`}
                        className="adm-button adm-button--ghost"
                        aria-label={`Move photo ${i + 1} down`}
                      >
                        ↓ Down
                      </button>
                    )}
                    <ConfirmAction
                      intent="delete-image"
                      label={`Remove photo ${i + 1}`}
                      title={`Remove photo ${i + 1}?`}
                      confirmLabel="Remove"
                      open={confirmImageId === img.id}
                    >
                      <p>Its files are deleted; the shop stops showing it at once.</p>
                    </ConfirmAction>
                  </Form>
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/**
 * A product's photos: upload several at once (drag and drop onto the box, or the file button, which is the
 * same file input and works without JavaScript), previews before sending, then per photo its description
 * (alt text), its place in the order (the first is the main picture) and removal. Each is its own small form.
 */
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { catalogueRendition, MAX_PRODUCT_VIDEO_BYTES, PRODUCT_VIEW_WORDS, PRODUCT_VIEWS, type ProductView } from '@milli/contracts';
import type { ProductImage, ProductVideo } from '@milli/contracts/schemas';
import { SubmitButton } from '../../components/admin/form-kit.tsx';
import { ConfirmAction } from '../../components/admin/confirm-dialog.tsx';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** What a picture shows, for the shop's gallery and the alt text it writes when no description is given. */
function ViewSelect({ id, value, label }: { id: string; value: ProductView | null; label: string }) {
  return (
    <>
      <label htmlFor={id} className="adm-label">
        {label}
      </label>
      <select id={id} name="view" defaultValue={value ?? ''} className="adm-input">
        <option value="">Not marked</option>
        {PRODUCT_VIEWS.map((v) => (
          <option key={v} value={v}>
            {PRODUCT_VIEW_WORDS[v][0]!.toUpperCase() + PRODUCT_VIEW_WORDS[v].slice(1)}
          </option>
        ))}
      </select>
    </>
  );
}

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
          <ViewSelect id="cat-images-view" value={null} label="What they show" />
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
                    <ViewSelect id={`view-${img.id}`} value={img.view} label="What it shows" />
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

/**
 * The product's film (issue 40): the one shown now (muted, with controls, as the shop plays it) and its removal, and a
 * form to send an MP4 or WebM (with an optional poster) in its place. The file is checked by its container, not
 * converted: the shop plays it as sent.
 */
export function VideoManager({
  video,
  firstView,
  error,
  confirm,
}: {
  video: ProductVideo | null;
  firstView: string;
  error?: string | undefined;
  confirm: boolean;
}) {
  return (
    <section className="adm-panel cat-video" aria-labelledby="cat-video-title">
      <div className="adm-panel__head">
        <h2 id="cat-video-title" className="adm-panel__title">
          Film
        </h2>
      </div>
      <div className="adm-panel__body">
        {video ? (
          <div className="cat-video__now">
            <video controls muted playsInline preload="metadata" width={320} height={320} poster={video.posterPath ?? firstView}>
              <source src={video.path} type={video.contentType} />
            </video>
            <p className="adm-muted">
              {video.contentType === 'video/webm' ? 'WebM' : 'MP4'},{' '}
              {video.bytes < 1024 * 1024 ? `${Math.ceil(video.bytes / 1024)} KB` : `${(video.bytes / 1024 / 1024).toFixed(1)} MB`};{' '}
              {video.posterPath ? 'with its own poster.' : 'the first picture is its poster.'}
            </p>
            <Form method="post">
              <ConfirmAction intent="delete-video" label="Remove the film" title="Remove the film?" confirmLabel="Remove" open={confirm}>
                <p>Its file is deleted; the shop stops showing it at once.</p>
              </ConfirmAction>
            </Form>
          </div>
        ) : (
          <p className="adm-muted">No film yet.</p>
        )}
        <Form method="post" encType="multipart/form-data" className="cat-upload">
          <label htmlFor="cat-video" className="adm-label">
            {video ? 'Replace the film' : 'Add a film'}
          </label>
          <p id="cat-video-hint" className="adm-hint">
            An MP4 or WebM of up to {MAX_PRODUCT_VIDEO_BYTES / 1024 / 1024} MB: a few seconds of the piece turning or worn. The shop shows it muted, with
            controls; it never plays on its own.
          </p>
          <input
            id="cat-video"
            type="file"
            name="video"
            accept="video/mp4,video/webm"
            required
            aria-describedby={error ? 'cat-video-hint cat-video-error' : 'cat-video-hint'}
            aria-invalid={error ? true : undefined}
          />
          <label htmlFor="cat-video-poster" className="adm-label">
            Poster (optional)
          </label>
          <input id="cat-video-poster" type="file" name="poster" accept={ACCEPT} />
          {error && (
            <p id="cat-video-error" className="adm-error">
              {error}
            </p>
          )}
          <SubmitButton name="intent" value="video" pending="Sending…">
            Send the film
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}

import { useEffect, useRef, useState } from 'react';

const MAX_BYTES = 10 * 1024 * 1024;

/**
 * One of the four picture slots: images only, and with script a preview of the chosen picture (and an
 * early word when a file is over 10 MB). The server checks every file by its content regardless.
 */
export function ImageSlot({ name, index, error, required }: { name: string; index: number; error?: string | undefined; required?: boolean }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const shown = localError ?? error;
  const errorId = shown ? `${name}-error` : undefined;
  return (
    <div className="form-field image-slot">
      <label htmlFor={name}>
        Image {index + 1}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        ref={input}
        id={name}
        name={name}
        type="file"
        accept="image/*"
        aria-invalid={shown ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          setLocalError(null);
          if (!file) return setPreview(null);
          if (file.size > MAX_BYTES) {
            event.currentTarget.value = '';
            setPreview(null);
            return setLocalError(`Image ${index + 1} is larger than 10 MB. Please choose a smaller picture.`);
          }
          setPreview(file.type.startsWith('image/') ? URL.createObjectURL(file) : null);
        }}
      />
      {preview && (
        <div className="image-slot-preview">
          <img src={preview} alt={`Preview of image ${index + 1}`} />
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => {
              if (input.current) input.current.value = '';
              setPreview(null);
            }}
          >
            Remove image {index + 1}
          </button>
        </div>
      )}
      {shown && (
        <p id={errorId} className="field-error">
          {shown}
        </p>
      )}
    </div>
  );
}

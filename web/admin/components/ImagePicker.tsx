import { useEffect, useMemo, useRef } from 'react';
import { IMAGE_ACCEPT, pickOneImage } from '../validation.ts';
import { controlProps, Field } from './Field.tsx';

/** A preview URL for a chosen file, revoked when the file changes or the picker goes. */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

export interface ImagePickerProps {
  id: string;
  label: string;
  /** The image the record has now (edit mode), shown until another is chosen. */
  currentUrl?: string | null;
  file: File | null;
  onChange: (file: File | null, error: string | null) => void;
  error?: string | null;
  required?: boolean;
}

/**
 * One image for a record (category, review). Several may be selected, as the
 * document's picker allows, but more than 3 is refused and only the first is
 * kept; anything not an image is refused.
 */
export function ImagePicker({ id, label, currentUrl, file, onChange, error, required }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const shown = preview ?? currentUrl ?? null;
  return (
    <Field id={id} label={label} error={error} required={required}>
      <div className="admin-image-picker">
        <div className="admin-image-picker__preview" aria-hidden={shown ? undefined : true}>
          {shown ? <img src={shown} alt={file ? `Chosen image ${file.name}` : 'Current image'} /> : <span>No image</span>}
        </div>
        <div className="admin-image-picker__controls">
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            {...controlProps(id, error, required)}
            onChange={(event) => {
              const { file: picked, error: problem } = pickOneImage(event.currentTarget.files ?? []);
              if (problem) event.currentTarget.value = '';
              onChange(picked, problem);
            }}
          />
          {file && <p className="admin-hint">{file.name}</p>}
        </div>
      </div>
    </Field>
  );
}

import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { api, type Envelope, request } from '../../lib/api/client.ts';
import { imageSources } from '../../lib/media.ts';
import { query, runChange } from '../actions.ts';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { controlProps, Field } from '../components/Field.tsx';
import { ConfirmDialog, FormModal } from '../components/Modal.tsx';
import { AddButton, LoadFailure, Screen } from '../components/Screen.tsx';
import { useConfirmation } from '../hooks/useConfirmation.ts';
import { useList } from '../hooks/useList.ts';
import type { SliderImage } from '../types.ts';
import { IMAGE_ACCEPT, MESSAGES, pickImages } from '../validation.ts';

/**
 * Slider Images (§2): the home page's slider as a grid, Add Images (a modal
 * with a multi-file picker and removable thumbnails, up to 3 at a time) and
 * removal of an image.
 */
export function SlidersScreen() {
  const { items, loading, failed, reload } = useList<SliderImage>(async (): Promise<Envelope<SliderImage[]>> => {
    const answer = await api.post('/getreviews');
    return { ...answer, data: answer.data?.sliderImages ?? [] };
  }, null);
  const [adding, setAdding] = useState(false);
  const removing = useConfirmation<SliderImage>((slide) => request('delete', `/deletedynamicimage${query({ s_id: slide.s_id })}`), 'Error Deleting Images...', () => void reload());

  return (
    <Screen title="Slider Images" lead="The pictures of the home page's slider, in the order they show." actions={<AddButton label="Add Images" onClick={() => setAdding(true)} />}>
      <div className="admin-card">
        <div className="admin-card__body">
          {failed ? (
            <LoadFailure noun="slider images" onRetry={() => void reload()} retrying={loading} />
          ) : items.length === 0 ? (
            <p className="admin-empty">{loading ? 'Loading…' : 'No slider images available'}</p>
          ) : (
            <ul className="admin-slider-grid">
              {items.map((slide, index) => (
                <li className="admin-media" key={slide.s_id}>
                  <img {...imageSources('Sliders', slide.image, 480, 960)} sizes="(max-width: 700px) 90vw, 320px" alt={`Slider image ${index + 1}`} loading="lazy" />
                  <div className="admin-media__bar">
                    <span className="admin-media__name">Slide {index + 1}</span>
                    <button type="button" className="admin-icon-btn admin-icon-btn--danger" onClick={() => removing.ask(slide)} aria-label={`Remove slider image ${index + 1}`} title="Remove">
                      <AdminIcon name="trash" />
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      {adding && (
        <AddImagesForm
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void reload();
          }}
        />
      )}
      {removing.record && (
        <ConfirmDialog title="Remove Image" message="Are you sure you want to remove this image from the slider?" confirmLabel="Remove" danger {...removing.dialog} />
      )}
    </Screen>
  );
}

/** The Add Images modal: pick up to 3 images, see them, drop any before sending. */
function AddImagesForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) {
      setError(MESSAGES.noSliderImages);
      document.getElementById('slider-images')?.focus();
      return;
    }
    const form = new FormData();
    for (const file of files) form.append('dynamicImage', file);
    setBusy(true);
    const done = await runChange(() => api.post('/adddynamicimages', form), 'Error Adding Images...');
    setBusy(false);
    if (done) onSaved();
  };

  return (
    <FormModal title="Add Images" formId="slider-form" onSubmit={submit} submitLabel="Upload" busyLabel="Uploading…" onClose={onClose} busy={busy}>
      <Field id="slider-images" label="Images" error={error} hint="Up to 3 images at a time; wide pictures (about 16:7) fill the slider best.">
        <input
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          data-autofocus
          {...controlProps('slider-images', error)}
          onChange={(event) => {
            const picked = pickImages(files, event.currentTarget.files ?? []);
            setFiles(picked.files);
            setError(picked.error);
            // The same file can be picked again after removing it.
            event.currentTarget.value = '';
          }}
        />
      </Field>
      {files.length > 0 && (
        <ul className="admin-media-grid" aria-label="Chosen images">
          {files.map((file, index) => (
            <li className="admin-media" key={`${file.name}-${index}`}>
              <img src={previews[index]} alt={file.name} />
              <div className="admin-media__bar">
                <span className="admin-media__name" title={file.name}>
                  {file.name}
                </span>
                <button
                  type="button"
                  className="admin-icon-btn admin-icon-btn--danger"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => {
                    setFiles(files.filter((_, i) => i !== index));
                    setError(null);
                    // The button goes with its thumbnail; the picker keeps the focus in the dialog.
                    document.getElementById('slider-images')?.focus();
                  }}
                >
                  <Icon name="close" size={16} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </FormModal>
  );
}

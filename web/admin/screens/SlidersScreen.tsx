import { type ChangeEvent, type FormEvent, useEffect, useMemo, useState } from 'react';
import { BANNER_LINE_LABELS, BANNER_LINE_LIMITS, BANNER_LINES, BANNER_NEEDS_HEADLINE, type BannerLine, bannerLineError, bannerLineLength, bannerWordsErrors } from '../../../rules/banner.ts';
import { Icon } from '../../components/Icon.tsx';
import { api, type Envelope } from '../../lib/api/client.ts';
import { imageSources } from '../../lib/media.ts';
import { toast } from '../../stores/toast.ts';
import { runChange } from '../actions.ts';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { controlProps, Field } from '../components/Field.tsx';
import { ConfirmDialog, FormModal } from '../components/Modal.tsx';
import { AddButton, LoadFailure, Screen } from '../components/Screen.tsx';
import { useConfirmation } from '../hooks/useConfirmation.ts';
import { useEditing } from '../hooks/useEditing.ts';
import { useList } from '../hooks/useList.ts';
import type { SliderImage } from '../types.ts';
import { IMAGE_ACCEPT, MESSAGES, pickImages } from '../validation.ts';

/**
 * Slider Images (§2): the home page's slider as a grid, Add Images (a modal
 * with a multi-file picker and removable thumbnails, up to 3 at a time) and
 * removal of an image. Each slide also shows the banner words set over its
 * picture on the home page, with an edit form for them.
 */
export function SlidersScreen() {
  const { items, loading, failed, reload } = useList<SliderImage>(async (): Promise<Envelope<SliderImage[]>> => {
    const answer = await api.post('/getreviews');
    return { ...answer, data: answer.data?.sliderImages ?? [] };
  }, null);
  const [adding, setAdding] = useState(false);
  const wording = useEditing<{ slide: SliderImage; index: number }>(reload);
  const removing = useConfirmation<SliderImage>((slide) => api.delete('/deletedynamicimage', undefined, { s_id: slide.s_id }), 'Error Deleting Images...', () => void reload());

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
                  <BannerWords slide={slide} />
                  <div className="admin-media__bar">
                    <span className="admin-media__name">Slide {index + 1}</span>
                    <button type="button" className="admin-icon-btn" onClick={() => wording.open({ slide, index })} aria-label={`Edit the banner text of slider image ${index + 1}`} title="Edit text">
                      <AdminIcon name="edit" />
                    </button>
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
      {wording.editing && <BannerTextForm {...wording.editing} {...wording.formProps} />}
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

/** The words a slide shows over its picture on the home page, as the card's caption. */
function BannerWords({ slide }: { slide: SliderImage }) {
  if (!slide.headline) return <p className="admin-banner-words admin-banner-words--none">No banner text: the picture shows alone.</p>;
  return (
    <div className="admin-banner-words">
      {slide.eyebrow && <p className="admin-banner-words__eyebrow">{slide.eyebrow}</p>}
      <p className="admin-banner-words__headline">{slide.headline}</p>
      {slide.subline && <p className="admin-banner-words__subline">{slide.subline}</p>}
    </div>
  );
}

type Lines = Record<BannerLine, string>;
type LineErrors = Record<BannerLine, string | null>;

const NO_ERRORS: LineErrors = { eyebrow: null, headline: null, subline: null };

const LINE_HINTS: Record<BannerLine, string> = {
  eyebrow: 'The small capitals above the headline, e.g. THE FESTIVE EDIT.',
  headline: 'The large line. Without it the picture shows alone.',
  subline: 'A short sentence under the headline.',
};

/** The line a server sentence is about (its sentences name the line first), or null. */
function lineOf(message: string): BannerLine | null {
  if (message === BANNER_NEEDS_HEADLINE) return 'headline';
  return BANNER_LINES.find((line) => message.startsWith(`${BANNER_LINE_LABELS[line]} `)) ?? null;
}

/**
 * Edit Banner Text: the eyebrow, headline and subline the home page sets over
 * this slide's picture, checked as the server checks them (rules/banner.ts);
 * empty text clears a line. The server's refusal is shown at the line it names.
 */
function BannerTextForm({ slide, index, onClose, onSaved }: { slide: SliderImage; index: number; onClose: () => void; onSaved: () => void }) {
  const [opened] = useState<Lines>(() => ({ eyebrow: slide.eyebrow ?? '', headline: slide.headline ?? '', subline: slide.subline ?? '' }));
  const [lines, setLines] = useState<Lines>(opened);
  const [errors, setErrors] = useState<LineErrors>(NO_ERRORS);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = BANNER_LINES.some((line) => lines[line] !== opened[line]);
  const id = (line: BannerLine) => `banner-${line}`;
  const lineProps = (line: BannerLine) => ({
    value: lines[line],
    autoComplete: 'off',
    'data-autofocus': line === 'eyebrow' ? true : undefined,
    ...controlProps(id(line), errors[line]),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setLines((current) => ({ ...current, [line]: value }));
      // Too long shows at once; the headline rule waits for Save.
      setErrors((current) => ({ ...current, [line]: bannerLineError(line, value), ...(line !== 'headline' && current.headline === BANNER_NEEDS_HEADLINE ? { headline: null } : {}) }));
      setRefusal(null);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = bannerWordsErrors(lines);
    setErrors(found);
    setRefusal(null);
    const invalid = BANNER_LINES.find((line) => found[line]);
    if (invalid) {
      document.getElementById(id(invalid))?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await api.put('/updateslidertext', { s_id: slide.s_id, ...lines });
      setBusy(false);
      if (answer.status === 1) {
        toast.success(answer.description);
        onSaved();
        return;
      }
      const message = answer.description || 'Error Saving Banner Text...';
      const line = lineOf(message);
      if (line) {
        setErrors({ ...NO_ERRORS, [line]: message });
        document.getElementById(id(line))?.focus();
      } else setRefusal(message);
    } catch {
      setBusy(false);
      setRefusal('Error Saving Banner Text...');
    }
  };

  return (
    <FormModal title="Edit Banner Text" formId="banner-text-form" onSubmit={submit} submitLabel="Save" onClose={onClose} busy={busy} dirty={dirty}>
      <figure className="admin-banner-form__picture">
        <img {...imageSources('Sliders', slide.image, 480, 960)} sizes="(max-width: 700px) 90vw, 440px" alt="" />
        <figcaption>Slide {index + 1}: the words are set over this picture on the home page. Empty text clears a line.</figcaption>
      </figure>
      {BANNER_LINES.map((line) => {
        const length = bannerLineLength(lines[line]);
        const max = BANNER_LINE_LIMITS[line];
        return (
          <Field
            key={line}
            id={id(line)}
            label={BANNER_LINE_LABELS[line]}
            error={errors[line]}
            hint={
              <>
                {LINE_HINTS[line]}{' '}
                <span className={length > max ? 'admin-banner-form__count is-over' : 'admin-banner-form__count'}>
                  {length} of {max} characters
                </span>
              </>
            }
          >
            {line === 'subline' ? (
              // The longest line: all of it in view while it is written (a line break is saved as a space).
              <textarea className="admin-textarea-short" rows={3} {...lineProps(line)} />
            ) : (
              <input type="text" {...lineProps(line)} />
            )}
          </Field>
        );
      })}
      {refusal ? (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      ) : null}
    </FormModal>
  );
}

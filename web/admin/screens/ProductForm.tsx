import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { uploadForm, type UploadProgress } from '../../lib/api/upload.ts';
import { isVideo, mediaUrl } from '../../lib/media.ts';
import { runChange } from '../actions.ts';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { controlProps, Field } from '../components/Field.tsx';
import { FormModal } from '../components/Modal.tsx';
import type { Carat, Category, Material, Product, Size } from '../types.ts';
import { checkProductFiles, formatBytes, isVideoFile, MEDIA_ACCEPT, MESSAGES, requiredTextError } from '../validation.ts';
import { api } from '../../lib/api/client.ts';
import { CaratPriceRows, type CaratRow, caratRowBody, caratRowErrors, caratRowSnapshot, caratRowsOf, emptyCaratRow, type MetalRates } from './CaratPriceRows.tsx';

/** Images and videos one product may have (the API's limit). */
const MAX_MEDIA = 10;

interface FeatureRow {
  key: number;
  text: string;
}

interface NewMedia {
  key: number;
  file: File;
  url: string;
}

type Errors = Record<string, string | null | undefined>;

let nextKey = 1;
const key = () => nextKey++;


/** Moves one entry of a list one place left (-1) or right (+1). */
function moved<T>(list: T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return list;
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target], copy[index]];
  return copy;
}

/** What the product form chooses from. */
export interface ProductChoices {
  categories: Category[];
  materials: Material[];
  sizes: Size[];
  carats: Carat[];
}

export interface ProductFormProps {
  /** null adds a product; a product edits it. */
  product: Product | null;
  choices: ProductChoices;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The add/edit product form (§2, §5): name, category, offer, description,
 * specifications, materials, sizes, carat price rows (a carat once), key-point
 * features, Bestseller and Reel, and images or videos with previews. While
 * editing, category, materials and sizes stay as they are; the current media
 * can be removed or reordered. Files go up with a progress bar.
 */
export function ProductForm({ product, choices, onClose, onSaved }: ProductFormProps) {
  const editing = product !== null;
  const [name, setName] = useState(product?.name ?? '');
  const [cateId, setCateId] = useState(product ? String(product.cate_id) : '');
  const [offer, setOffer] = useState(product?.offer ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [specifications, setSpecifications] = useState(product?.specifications ?? '');
  const [materials, setMaterials] = useState<number[]>(product?.materials ?? []);
  const [sizes, setSizes] = useState<number[]>(product?.size ?? []);
  const [carats, setCarats] = useState<CaratRow[]>(() => (product?.productcarats.length ? caratRowsOf(product, key) : [emptyCaratRow(key())]));
  const [rates, setRates] = useState<MetalRates | null | 'failed'>(null);
  const [features, setFeatures] = useState<FeatureRow[]>(() =>
    product ? product.key_points.map((text) => ({ key: key(), text })) : [{ key: key(), text: '' }],
  );
  const [bestseller, setBestseller] = useState(product?.is_bestseller === 1);
  const [reel, setReel] = useState(product?.isReel === 1);
  const [kept, setKept] = useState(product?.images ?? []);
  const [added, setAdded] = useState<NewMedia[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const addedRef = useRef(added);
  addedRef.current = added;

  // Today's rates, for the live price of rate-priced rows (the server prices them again as it saves).
  useEffect(() => {
    let live = true;
    api
      .get('/getmetalrates')
      .then((answer) => live && setRates(answer.status === 1 && answer.data ? answer.data : 'failed'))
      .catch(() => live && setRates('failed'));
    return () => {
      live = false;
    };
  }, []);

  // Previews are revoked when the form closes.
  useEffect(() => () => addedRef.current.forEach((m) => URL.revokeObjectURL(m.url)), []);

  // What the form holds now, to tell typed changes from the product as it opened.
  const snapshot = JSON.stringify([
    name,
    cateId,
    offer,
    description,
    specifications,
    materials,
    sizes,
    carats.map(caratRowSnapshot),
    features.map((f) => f.text),
    bestseller,
    reel,
    kept.map((m) => m.imageUrl),
    added.map((m) => m.key),
  ]);
  const [opened] = useState(snapshot);
  const dirty = snapshot !== opened;

  const uploadBytes = added.reduce((sum, m) => sum + m.file.size, 0);

  const clear = (...fields: string[]) => {
    if (fields.some((field) => errors[field])) setErrors((current) => ({ ...current, ...Object.fromEntries(fields.map((f) => [f, null])) }));
  };

  /** Every field's message, in the order of the form (the first one gets the focus). */
  const validate = (): Errors => {
    const found: Errors = {
      name: requiredTextError(name, 'Product name is required.'),
      cate_id: cateId === '' ? 'Category is required.' : null,
      offer: requiredTextError(offer, 'Offer is required.'),
      description: requiredTextError(description, 'Product Description is required', 'Product Description cannot be empty'),
      specifications: requiredTextError(specifications, 'Product Specification is required', 'Product Specification cannot be empty'),
      materials: !editing && materials.length === 0 ? 'Please select at least one material.' : null,
      carats: carats.length === 0 ? 'Please add at least one carat price.' : null,
    };
    for (const row of carats) Object.assign(found, caratRowErrors(row));
    for (const feature of features) found[`feature-${feature.key}`] = feature.text.trim() === '' ? 'Feature is required' : null;
    const mediaCount = kept.length + added.length;
    found.media = mediaCount === 0 ? MESSAGES.noProductMedia : mediaCount > MAX_MEDIA ? `A product can have at most ${MAX_MEDIA} images or videos.` : null;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    const firstInvalid = Object.entries(found).find(([, message]) => message)?.[0];
    if (firstInvalid) {
      document.getElementById(`product-${firstInvalid}`)?.focus();
      return;
    }
    const form = new FormData();
    if (product) form.append('p_id', String(product.p_id));
    form.append('name', name.trim());
    form.append('offer', offer.trim());
    form.append('description', description.trim());
    form.append('specifications', specifications.trim());
    if (!product) {
      form.append('cate_id', cateId);
      form.append('materials', JSON.stringify(materials));
      form.append('size', JSON.stringify(sizes));
    }
    form.append('caratPrices', JSON.stringify(carats.map(caratRowBody)));
    form.append('key_points', JSON.stringify(features.map((f) => f.text.trim())));
    form.append('is_bestseller', bestseller ? '1' : '0');
    form.append('isReel', reel ? '1' : '0');
    if (product) form.append('keepImages', JSON.stringify(kept.map((m) => m.imageUrl)));
    for (const media of added) form.append('images', media.file);
    setBusy(true);
    setProgress(added.length ? { loaded: 0, total: uploadBytes } : null);
    const done = await runChange(() => uploadForm(product ? '/updateproduct' : '/insertproduct', form, added.length ? setProgress : undefined), 'Failed to save product.');
    setBusy(false);
    setProgress(null);
    if (done) onSaved();
  };

  const addFiles = (files: FileList | null) => {
    const { accepted, errors: problems } = checkProductFiles(files ?? []);
    setFileErrors(problems);
    if (accepted.length) {
      setAdded((current) => [...current, ...accepted.map((file) => ({ key: key(), file, url: URL.createObjectURL(file) }))]);
      clear('media');
    }
  };

  const removeAdded = (media: NewMedia) => {
    URL.revokeObjectURL(media.url);
    setAdded((current) => current.filter((m) => m.key !== media.key));
  };

  const lockedHint = editing ? 'Cannot be changed while editing.' : undefined;
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

  return (
    <FormModal
      title={editing ? 'Edit Product' : 'Add Product'}
      formId="product-form"
      onSubmit={submit}
      submitLabel={editing ? 'Update Product' : 'Add Product'}
      onClose={onClose}
      size="large"
      busy={busy}
      dirty={dirty}
      status={
        busy &&
        progress && (
          <div className="admin-progress admin-progress--inline" role="status">
            <span>
              Uploading {formatBytes(progress.loaded)} of {formatBytes(progress.total)} ({percent}%)
            </span>
            <progress max={100} value={percent} aria-label="Upload progress" />
          </div>
        )
      }
    >
      <h3 className="admin-section-title">Details</h3>
      <div className="admin-grid-2">
        <Field id="product-name" label="Product Name" error={errors.name} required>
          <input
            type="text"
            value={name}
            maxLength={200}
            autoComplete="off"
            data-autofocus
            {...controlProps('product-name', errors.name, true)}
            onChange={(event) => {
              setName(event.target.value);
              clear('name');
            }}
          />
        </Field>
        <Field id="product-cate_id" label="Category" error={errors.cate_id} required hint={lockedHint}>
          <select
            value={cateId}
            disabled={editing}
            {...controlProps('product-cate_id', errors.cate_id, true)}
            onChange={(event) => {
              setCateId(event.target.value);
              clear('cate_id');
            }}
          >
            <option value="">Select Category</option>
            {choices.categories.map((c) => (
              <option key={c.cate_id} value={c.cate_id}>
                {c.cate_name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id="product-offer" label="Offer" error={errors.offer} required hint="The shop shows only offers checkout honours: active coupons. Name a coupon's code here (e.g. Extra 15% off with code FESTIVE15) to list it first on this product.">
        <input
          type="text"
          value={offer}
          maxLength={200}
          autoComplete="off"
          {...controlProps('product-offer', errors.offer, true)}
          onChange={(event) => {
            setOffer(event.target.value);
            clear('offer');
          }}
        />
      </Field>
      <div className="admin-grid-2">
        <Field id="product-description" label="Description" error={errors.description} required>
          <textarea
            className="admin-textarea-short"
            value={description}
            maxLength={20000}
            {...controlProps('product-description', errors.description, true)}
            onChange={(event) => {
              setDescription(event.target.value);
              clear('description');
            }}
          />
        </Field>
        <Field id="product-specifications" label="Specifications" error={errors.specifications} required>
          <textarea
            className="admin-textarea-short"
            value={specifications}
            maxLength={20000}
            {...controlProps('product-specifications', errors.specifications, true)}
            onChange={(event) => {
              setSpecifications(event.target.value);
              clear('specifications');
            }}
          />
        </Field>
      </div>

      <h3 className="admin-section-title">Options</h3>
      <Field id="product-materials" label="Materials" error={errors.materials} required={!editing} group hint={lockedHint}>
        <ChipChoices
          id="product-materials"
          options={choices.materials.map((m) => ({ id: m.m_id, label: m.name }))}
          chosen={materials}
          disabled={editing}
          onChange={(ids) => {
            setMaterials(ids);
            clear('materials');
          }}
        />
      </Field>
      <Field id="product-sizes" label="Sizes" group hint={lockedHint ?? 'Leave empty for a piece in one size.'}>
        <ChipChoices id="product-sizes" options={choices.sizes.map((s) => ({ id: s.size_id, label: s.size_name }))} chosen={sizes} disabled={editing} onChange={setSizes} />
      </Field>

      <Field id="product-carats" label="Carat prices" error={errors.carats} required group hint="One row per carat: priced by the day's gold rate (net weight, making charge, stones) or at a fixed price, with its stock. Rupee prices include GST 3%; dollar prices are export prices without it (3% is added for delivery in India).">
        <CaratPriceRows rows={carats} setRows={setCarats} carats={choices.carats} rates={rates} errors={errors} clear={clear} />
        <button
          type="button"
          id="product-carats"
          className="admin-text-btn admin-add-row"
          onClick={() => {
            setCarats([...carats, emptyCaratRow(key())]);
            clear('carats');
          }}
          disabled={choices.carats.length > 0 && carats.length >= choices.carats.length}
        >
          + Add Carat Price
        </button>
      </Field>

      <Field id="product-features" label="Key points" group hint="Short features listed on the product page.">
        <div className="admin-rows">
          {features.map((feature, index) => (
            <div className="admin-row admin-row--feature" key={feature.key}>
              <div>
                <label className="visually-hidden" htmlFor={`product-feature-${feature.key}`}>
                  Feature {index + 1}
                </label>
                <input
                  className="input"
                  type="text"
                  value={feature.text}
                  maxLength={500}
                  placeholder={`Feature ${index + 1}`}
                  autoComplete="off"
                  {...controlProps(`product-feature-${feature.key}`, errors[`feature-${feature.key}`])}
                  onChange={(event) => {
                    setFeatures(features.map((f) => (f.key === feature.key ? { ...f, text: event.target.value } : f)));
                    clear(`feature-${feature.key}`);
                  }}
                />
                {errors[`feature-${feature.key}`] && (
                  <p className="field-error" id={`product-feature-${feature.key}-error`} role="alert">
                    {errors[`feature-${feature.key}`]}
                  </p>
                )}
              </div>
              <button
                type="button"
                className="admin-icon-btn admin-icon-btn--danger admin-row__remove"
                onClick={() => setFeatures(features.filter((f) => f.key !== feature.key))}
                aria-label={`Remove feature ${index + 1}`}
                title="Remove"
              >
                <AdminIcon name="trash" />
              </button>
            </div>
          ))}
        </div>
        <button type="button" className="admin-text-btn admin-add-row" onClick={() => setFeatures([...features, { key: key(), text: '' }])} disabled={features.length >= 30}>
          + Add Feature
        </button>
      </Field>

      <Field id="product-flags" label="Show in" group>
        <div>
          <label className="admin-check">
            <input type="checkbox" checked={bestseller} onChange={(event) => setBestseller(event.target.checked)} /> Bestseller
          </label>
          <label className="admin-check">
            <input type="checkbox" checked={reel} onChange={(event) => setReel(event.target.checked)} /> Reel
          </label>
        </div>
      </Field>

      <h3 className="admin-section-title">Images and videos</h3>
      <Field
        id="product-media"
        label="Images or videos"
        error={errors.media}
        required={!editing}
        hint={`jpg, png, webp, gif, avif, mp4, webm or ogg; at most 120MB each and ${MAX_MEDIA} in all. The first picture is the product's main image.`}
      >
        <input type="file" accept={MEDIA_ACCEPT} multiple {...controlProps('product-media', errors.media)} onChange={(event) => {
          addFiles(event.currentTarget.files);
          event.currentTarget.value = '';
        }} />
      </Field>
      {fileErrors.length > 0 && (
        <ul className="admin-file-errors" role="alert">
          {fileErrors.map((message) => (
            <li key={message} className="field-error">
              {message}
            </li>
          ))}
        </ul>
      )}
      {(kept.length > 0 || added.length > 0) && (
        <ul className="admin-media-grid" aria-label="Product media">
          {kept.map((media, index) => (
            <li className="admin-media" key={media.imageUrl}>
              {media.type === 'video' || isVideo(media.imageUrl) ? (
                <video src={mediaUrl('Products', media.imageUrl)} muted preload="metadata" aria-label={`Video ${index + 1}`} />
              ) : (
                <img src={`${mediaUrl('Products', media.imageUrl)}?w=240`} alt={`Current image ${index + 1}`} />
              )}
              {media.type === 'video' && <span className="admin-media__tag">Video</span>}
              <div className="admin-media__bar">
                <button type="button" className="admin-icon-btn" onClick={() => setKept(moved(kept, index, -1))} disabled={index === 0} aria-label={`Move item ${index + 1} earlier`} title="Move earlier">
                  <AdminIcon name="arrowLeft" size={16} />
                </button>
                <button type="button" className="admin-icon-btn" onClick={() => setKept(moved(kept, index, 1))} disabled={index === kept.length - 1} aria-label={`Move item ${index + 1} later`} title="Move later">
                  <AdminIcon name="arrowRight" size={16} />
                </button>
                <button type="button" className="admin-icon-btn admin-icon-btn--danger" onClick={() => setKept(kept.filter((m) => m.imageUrl !== media.imageUrl))} aria-label={`Remove item ${index + 1}`} title="Remove">
                  <AdminIcon name="trash" size={16} />
                </button>
              </div>
            </li>
          ))}
          {added.map((media, index) => (
            <li className="admin-media" key={media.key}>
              {isVideoFile(media.file) ? <video src={media.url} muted preload="metadata" aria-label={media.file.name} /> : <img src={media.url} alt={media.file.name} />}
              <span className="admin-media__tag">{isVideoFile(media.file) ? 'New video' : 'New'}</span>
              <div className="admin-media__bar">
                <span className="admin-media__name" title={`${media.file.name} (${formatBytes(media.file.size)})`}>
                  {media.file.name}
                </span>
                <button type="button" className="admin-icon-btn" onClick={() => setAdded(moved(added, index, -1))} disabled={index === 0} aria-label={`Move ${media.file.name} earlier`} title="Move earlier">
                  <AdminIcon name="arrowLeft" size={16} />
                </button>
                <button type="button" className="admin-icon-btn admin-icon-btn--danger" onClick={() => removeAdded(media)} aria-label={`Remove ${media.file.name}`} title="Remove">
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

interface ChipChoicesProps {
  id: string;
  options: Array<{ id: number; label: string }>;
  chosen: number[];
  disabled?: boolean;
  onChange: (ids: number[]) => void;
}

/** A multi-select as checkbox chips (materials, sizes). */
function ChipChoices({ id, options, chosen, disabled, onChange }: ChipChoicesProps) {
  if (options.length === 0) return <p className="admin-hint">None to choose from yet.</p>;
  return (
    <div className="admin-chips" id={id} tabIndex={-1}>
      {options.map((option) => {
        const checked = chosen.includes(option.id);
        return (
          <label className="admin-chip" key={option.id}>
            <input
              type="checkbox"
              checked={checked}
              disabled={disabled}
              onChange={() => onChange(checked ? chosen.filter((c) => c !== option.id) : [...chosen, option.id])}
            />
            {option.label}
          </label>
        );
      })}
    </div>
  );
}

import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { uploadForm, type UploadProgress } from '../../lib/api/upload.ts';
import { runChange } from '../actions.ts';
import { FormModal } from '../components/Modal.tsx';
import { CaratPrices } from '../product-form/CaratPrices.tsx';
import { DetailsFields } from '../product-form/DetailsFields.tsx';
import { $draft, $errors, draftForm, draftSnapshot, endProductForm, loadRates, startProductForm, validateDraft } from '../product-form/draft.ts';
import { KeyPointsAndFlags } from '../product-form/KeyPoints.tsx';
import { MediaFields } from '../product-form/MediaFields.tsx';
import { OptionsFields } from '../product-form/OptionsFields.tsx';
import type { Carat, Category, Material, Product, Size } from '../types.ts';
import { formatBytes } from '../validation.ts';
import { AuditTrailLink } from './AuditScreen.tsx';

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
 * editing, category, materials and sizes may change too (issue 33: shoppers'
 * lines in a material or size taken off show as no longer available); the
 * current media can be removed or reordered. Files go up with a progress bar. What is typed
 * lives in product-form/draft.ts.
 */
export function ProductForm({ product, choices, onClose, onSaved }: ProductFormProps) {
  const editing = product !== null;
  const [opened] = useState(() => startProductForm(product));
  const draft = useStore($draft);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  useEffect(loadRates, []);
  // Previews are revoked when the form closes.
  useEffect(() => endProductForm, []);

  const dirty = draftSnapshot(draft) !== opened;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft();
    $errors.set(found);
    const firstInvalid = Object.entries(found).find(([, message]) => message)?.[0];
    if (firstInvalid) {
      document.getElementById(`product-${firstInvalid}`)?.focus();
      return;
    }
    const { added } = $draft.get();
    const uploadBytes = added.reduce((sum, m) => sum + m.file.size, 0);
    setBusy(true);
    setProgress(added.length ? { loaded: 0, total: uploadBytes } : null);
    const done = await runChange(() => uploadForm(product ? '/updateproduct' : '/insertproduct', draftForm(product), added.length ? setProgress : undefined), 'Failed to save product.');
    setBusy(false);
    setProgress(null);
    if (done) onSaved();
  };

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
      {product && (
        <p className="admin-form-history">
          <AuditTrailLink entity="product" entity_id={product.p_id} label="History (opens in a new tab)" newTab />
        </p>
      )}
      <DetailsFields categories={choices.categories} />
      <OptionsFields materials={choices.materials} sizes={choices.sizes} editing={editing} />
      <CaratPrices carats={choices.carats} />
      <KeyPointsAndFlags />
      <MediaFields editing={editing} />
    </FormModal>
  );
}

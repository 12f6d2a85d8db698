import { type FormEvent, useState } from 'react';
import { api, type Envelope } from '../../lib/api/client.ts';
import { imageSources, mediaUrl } from '../../lib/media.ts';
import { TextField } from '../components/Field.tsx';
import { ImagePicker } from '../components/ImagePicker.tsx';
import { ConfirmDialog, FormModal } from '../components/Modal.tsx';
import { DeleteAction, EditAction, RowActions } from '../components/RowActions.tsx';
import { AddButton, ListTable, Screen, Toolbar } from '../components/Screen.tsx';
import { useConfirmation } from '../hooks/useConfirmation.ts';
import { useEditing } from '../hooks/useEditing.ts';
import { useSave } from '../hooks/useSave.ts';
import { includesText, useClientTable, useList } from '../hooks/useList.ts';
import type { Carat, Category, Material, Size } from '../types.ts';

/**
 * One kind of catalogue record the back office names and lists: categories
 * (with an image), materials, sizes and carats (backoffice.md §2 Categories;
 * Materials, Sizes, Carat). The four screens differ only in these details.
 */
interface CatalogueKind<T> {
  title: string;
  /** 'Category', 'Material', 'Size', 'Carat': the document's messages are built from it. */
  singular: string;
  /** Plural for the empty table and the counter. */
  plural: string;
  list: () => Promise<Envelope<T[]>>;
  id: (record: T) => number;
  name: (record: T) => string;
  image?: (record: T) => string;
  add: (name: string, image: File | null) => Promise<Envelope<unknown>>;
  update: (record: T, name: string, image: File | null) => Promise<Envelope<unknown>>;
  remove: (record: T) => Promise<Envelope<unknown>>;
}

function categoryForm(fields: Record<string, string>, image: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (image) form.append('categoryImage', image);
  return form;
}

export const CATEGORIES: CatalogueKind<Category> = {
  title: 'Categories',
  singular: 'Category',
  plural: 'categories',
  list: () => api.get('/getcategory'),
  id: (c) => c.cate_id,
  name: (c) => c.cate_name,
  image: (c) => c.cate_image,
  add: (name, image) => api.post('/addcategory', categoryForm({ cate_name: name }, image)),
  update: (c, name, image) => api.post('/updatecategory', categoryForm({ cate_id: String(c.cate_id), cate_name: name }, image)),
  remove: (c) => api.delete('/deletecategory', undefined, { cate_id: c.cate_id, cate_image: c.cate_image }),
};

export const MATERIALS: CatalogueKind<Material> = {
  title: 'Materials',
  singular: 'Material',
  plural: 'materials',
  list: () => api.get('/getmaterials'),
  id: (m) => m.m_id,
  name: (m) => m.name,
  add: (name) => api.post('/addmaterial', { name }),
  update: (m, name) => api.post('/updatematerial', { name, m_id: m.m_id }),
  remove: (m) => api.delete('/deletematerial', undefined, { m_id: m.m_id }),
};

export const SIZES: CatalogueKind<Size> = {
  title: 'Sizes',
  singular: 'Size',
  plural: 'sizes',
  list: () => api.get('/getsize'),
  id: (s) => s.size_id,
  name: (s) => s.size_name,
  add: (size_name) => api.post('/addsize', { size_name }),
  update: (s, size_name) => api.post('/updatesize', { size_name, size_id: s.size_id }),
  remove: (s) => api.delete('/deletesize', undefined, { size_id: s.size_id }),
};

export const CARATS: CatalogueKind<Carat> = {
  title: 'Carat',
  singular: 'Carat',
  plural: 'carats',
  list: () => api.get('/getcarat'),
  id: (c) => c.carat_id,
  name: (c) => c.name,
  add: (name) => api.post('/addcarat', { name }),
  update: (c, name) => api.post('/updatecarat', { name, carat_id: c.carat_id }),
  remove: (c) => api.delete('/deletecarat', undefined, { carat_id: c.carat_id }),
};

type Editing<T> = { mode: 'add' } | { mode: 'edit'; record: T };

/**
 * Search on the page by name, Add button, table (No, name, image for
 * categories, edit/delete), 10 rows per page by default, the add/edit modal
 * and the delete confirmation.
 */
export function CatalogueScreen<T>({ kind }: { kind: CatalogueKind<T> }) {
  const { items, ...list } = useList<T>(kind.list, `Failed To Fetch ${kind.singular} List.`);
  const table = useClientTable(items, (record, q) => includesText(kind.name(record), q));
  const form = useEditing<Editing<T>>(list.reload);
  const deleting = useConfirmation<T>(kind.remove, `Error Deleting ${kind.singular}...`, () => void list.reload());

  return (
    <Screen title={kind.title} actions={<AddButton label={`Add ${kind.singular}`} onClick={() => form.open({ mode: 'add' })} />}>
      <Toolbar search={{ value: table.query, onChange: table.setQuery, placeholder: `Search ${kind.singular.toLowerCase()} name`, label: `Search ${kind.plural}` }} />
      <ListTable
        numbered
        columns={[kind.singular, Boolean(kind.image) && `${kind.singular} Image`]}
        list={list}
        emptyText={`No ${kind.plural} found`}
        pager={{ ...table.pager, noun: kind.plural, label: `${kind.title} pages` }}
        rows={table.rows.map((record, index) => (
          <tr key={kind.id(record)}>
            <td className="admin-col-no">{table.offset + index + 1}</td>
            <td className="admin-cell-strong">{kind.name(record)}</td>
            {kind.image && (
              <td>
                <img className="admin-thumb" {...imageSources('Category', kind.image(record), 240, 240)} sizes="56px" alt={kind.name(record)} loading="lazy" width={56} height={56} />
              </td>
            )}
            <RowActions>
              <EditAction label={`Edit ${kind.name(record)}`} onClick={() => form.open({ mode: 'edit', record })} />
              <DeleteAction label={`Delete ${kind.name(record)}`} onClick={() => deleting.ask(record)} />
            </RowActions>
          </tr>
        ))}
      />

      {form.editing && <CatalogueForm kind={kind} editing={form.editing} {...form.formProps} />}
      {deleting.record !== null && (
        <ConfirmDialog
          title={`Delete ${kind.singular}`}
          message={
            <>
              Are you sure you want to delete this {kind.singular.toLowerCase()}? <strong>{kind.name(deleting.record)}</strong>
            </>
          }
          confirmLabel="Delete"
          danger
          {...deleting.dialog}
        />
      )}
    </Screen>
  );
}

interface CatalogueFormProps<T> {
  kind: CatalogueKind<T>;
  editing: Editing<T>;
  onClose: () => void;
  onSaved: () => void;
}

/** The add/edit modal: the name, and for categories the image (required when adding). */
function CatalogueForm<T>({ kind, editing, onClose, onSaved }: CatalogueFormProps<T>) {
  const record = editing.mode === 'edit' ? editing.record : null;
  const { busy, save } = useSave(onSaved);
  const [name, setName] = useState(record ? kind.name(record) : '');
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string | null; image?: string | null }>({});
  const nameId = `${kind.singular.toLowerCase()}-name`;
  const imageId = `${kind.singular.toLowerCase()}-image`;
  const formId = `${kind.singular.toLowerCase()}-form`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() === '' ? `${kind.singular} Name is required.` : null,
      image: kind.image && !record && !image ? `${kind.singular} Image is required.` : errors.image ?? null,
    };
    setErrors(found);
    if (found.name || found.image) {
      document.getElementById(found.name ? nameId : imageId)?.focus();
      return;
    }
    if (record) await save(() => kind.update(record, name.trim(), image), `Error Updating ${kind.singular}...`);
    else await save(() => kind.add(name.trim(), image), `Error Adding ${kind.singular}...`);
  };

  return (
    <FormModal title={`${record ? 'Edit' : 'Add'} ${kind.singular}`} formId={formId} onSubmit={submit} submitLabel={record ? 'Update' : 'Add'} onClose={onClose} busy={busy}>
      <TextField
        id={nameId}
        label={`${kind.singular} Name`}
        error={errors.name}
        required
        value={name}
        maxLength={100}
        data-autofocus
        onValue={(value) => {
          setName(value);
          if (errors.name) setErrors({ ...errors, name: null });
        }}
      />
      {kind.image && (
        <ImagePicker
          id={imageId}
          label={`${kind.singular} Image`}
          required={!record}
          currentUrl={record ? `${mediaUrl('Category', kind.image(record))}?w=240` : null}
          file={image}
          error={errors.image}
          onChange={(file, problem) => {
            setImage(file);
            setErrors({ ...errors, image: problem });
          }}
        />
      )}
    </FormModal>
  );
}

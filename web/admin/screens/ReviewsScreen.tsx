import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { api, type Envelope } from '../../lib/api/client.ts';
import { imageSources, mediaUrl } from '../../lib/media.ts';
import { $user } from '../../stores/session.ts';
import { Field, TextField } from '../components/Field.tsx';
import { ImagePicker } from '../components/ImagePicker.tsx';
import { ConfirmDialog, FormModal } from '../components/Modal.tsx';
import { DeleteAction, EditAction, RowActions } from '../components/RowActions.tsx';
import { AddButton, ListTable, Screen, Toolbar } from '../components/Screen.tsx';
import { StarPicker, StarRating } from '../components/StarPicker.tsx';
import { useConfirmation } from '../hooks/useConfirmation.ts';
import { useEditing } from '../hooks/useEditing.ts';
import { useSave } from '../hooks/useSave.ts';
import { includesText, useClientTable, useList } from '../hooks/useList.ts';
import type { Review } from '../types.ts';

type Editing = { mode: 'add' } | { mode: 'edit'; review: Review };

/**
 * Reviews (§2): search by message or user name; No, Reviews, User Name,
 * Rating, Reviews Image, edit/delete; the add/edit modal with the star picker.
 */
export function ReviewsScreen() {
  const user = useStore($user);
  const u_id = user?.u_id ?? 0;
  const { items, ...list } = useList<Review>(async (): Promise<Envelope<Review[]>> => {
    const answer = await api.post('/getreviews', { u_id });
    return { ...answer, data: answer.data?.reviews ?? [] };
  }, 'Failed To Fetch Reviews List.');
  const table = useClientTable(items, (r, q) => includesText(r.message, q) || includesText(r.u_name, q));
  const form = useEditing<Editing>(list.reload);
  const deleting = useConfirmation<Review>((review) => api.post('/deletereview', { r_id: review.r_id }), 'Error Deleting Reviews...', () => void list.reload());

  return (
    <Screen title="Reviews" lead="Testimonials shown on the home page, and shoppers' product reviews." actions={<AddButton label="Add Review" onClick={() => form.open({ mode: 'add' })} />}>
      <Toolbar search={{ value: table.query, onChange: table.setQuery, placeholder: 'Search message or user name', label: 'Search reviews by message or user name' }} />
      <ListTable
        numbered
        columns={['Reviews', 'User Name', 'Rating', 'Reviews Image']}
        list={list}
        emptyText="No reviews found"
        pager={{ ...table.pager, noun: 'reviews', label: 'Review pages' }}
        rows={table.rows.map((review, index) => (
          <tr key={review.r_id}>
            <td className="admin-col-no">{table.offset + index + 1}</td>
            <td className="admin-message">{review.message}</td>
            <td>
              <span className="admin-cell-strong">{review.u_name}</span>
              <div className="admin-cell-muted admin-small">{review.p_id === null ? 'Testimonial' : 'Product review'}</div>
            </td>
            <td>
              <StarRating rating={review.rating} />
            </td>
            <td>
              {review.review_image ? (
                <img className="admin-thumb" {...imageSources('Reviews', review.review_image, 240, 240)} sizes="56px" alt={`Review image from ${review.u_name}`} loading="lazy" width={56} height={56} />
              ) : (
                <span className="admin-thumb admin-thumb--placeholder">No Image</span>
              )}
            </td>
            <RowActions>
              {/* A shopper's product review is theirs: it can be deleted, not rewritten. */}
              {review.p_id === null && <EditAction label={`Edit the review by ${review.u_name}`} onClick={() => form.open({ mode: 'edit', review })} />}
              <DeleteAction label={`Delete the review by ${review.u_name}`} onClick={() => deleting.ask(review)} />
            </RowActions>
          </tr>
        ))}
      />

      {form.editing && <ReviewForm u_id={u_id} editing={form.editing} {...form.formProps} />}
      {deleting.record && (
        <ConfirmDialog
          title="Delete Review"
          message={
            <>
              Are you sure you want to delete this review by <strong>{deleting.record.u_name}</strong>?
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

interface ReviewErrors {
  message?: string | null;
  u_name?: string | null;
  rating?: string | null;
  image?: string | null;
}

const MESSAGE_AREA = { className: 'admin-textarea-short', maxLength: 2000, 'data-autofocus': true } as const;

/** The add/edit modal: message, user name, 1-5 stars, and an image (required when adding). */
function ReviewForm({ editing, u_id, onClose, onSaved }: { editing: Editing; u_id: number; onClose: () => void; onSaved: () => void }) {
  const review = editing.mode === 'edit' ? editing.review : null;
  const { busy, save } = useSave(onSaved);
  const [message, setMessage] = useState(review?.message ?? '');
  const [uName, setUName] = useState(review?.u_name ?? '');
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<ReviewErrors>({});

  const typed = (field: 'message' | 'u_name', set: (value: string) => void, value: string) => {
    set(value);
    if (errors[field]) setErrors({ ...errors, [field]: null });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: ReviewErrors = {
      message: message.trim() === '' ? 'Message is required.' : null,
      u_name: uName.trim() === '' ? 'User Name is required.' : null,
      rating: rating < 1 || rating > 5 ? 'Rating is required.' : null,
      image: !review && !image ? 'Reviews Image is required.' : errors.image ?? null,
    };
    setErrors(found);
    const first = (['message', 'u_name', 'rating', 'image'] as const).find((key) => found[key]);
    if (first) {
      const target = { message: 'review-message', u_name: 'review-user', rating: 'review-rating', image: 'review-image' }[first];
      document.querySelector<HTMLElement>(first === 'rating' ? `#${target} input` : `#${target}`)?.focus();
      return;
    }
    const form = new FormData();
    form.append('u_id', String(review?.u_id ?? u_id));
    form.append('message', message.trim());
    form.append('u_name', uName.trim());
    form.append('rating', String(rating));
    if (image) form.append('reviewsImage', image);
    if (review) form.append('r_id', String(review.r_id));
    if (review) await save(() => api.post('/updatereviews', form), 'Error Updating Reviews...');
    else await save(() => api.post('/addreviews', form), 'Error Adding Reviews...');
  };

  return (
    <FormModal title={review ? 'Edit Review' : 'Add Review'} formId="review-form" onSubmit={submit} submitLabel={review ? 'Update' : 'Add'} onClose={onClose} busy={busy}>
      <TextField multiline id="review-message" label="Message" error={errors.message} required value={message} onValue={(value) => typed('message', setMessage, value)} {...MESSAGE_AREA} />
      <TextField id="review-user" label="User Name" error={errors.u_name} required value={uName} maxLength={100} onValue={(value) => typed('u_name', setUName, value)} />
      <Field id="review-rating" label="Rating" error={errors.rating} required group>
        <StarPicker
          id="review-rating"
          value={rating}
          invalid={Boolean(errors.rating)}
          onChange={(value) => {
            setRating(value);
            setErrors({ ...errors, rating: null });
          }}
        />
      </Field>
      <ImagePicker
        id="review-image"
        label="Reviews Image"
        required={!review}
        currentUrl={review?.review_image ? `${mediaUrl('Reviews', review.review_image)}?w=240` : null}
        file={image}
        error={errors.image}
        onChange={(file, problem) => {
          setImage(file);
          setErrors({ ...errors, image: problem });
        }}
      />
    </FormModal>
  );
}

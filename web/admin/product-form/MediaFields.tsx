import { useStore } from '@nanostores/react';
import { Icon } from '../../components/Icon.tsx';
import { isVideo, mediaUrl } from '../../lib/media.ts';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { controlProps, Field } from '../components/Field.tsx';
import { formatBytes, isVideoFile, MEDIA_ACCEPT } from '../validation.ts';
import { $draft, $errors, $fileErrors, addFiles, MAX_MEDIA, moved, removeAdded, setField } from './draft.ts';

/** The product's images and videos: the picker, its refusals, and the current and new files with previews. */
export function MediaFields({ editing }: { editing: boolean }) {
  const { kept, added } = useStore($draft);
  const errors = useStore($errors);
  const fileErrors = useStore($fileErrors);
  return (
    <>
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
                <button type="button" className="admin-icon-btn" onClick={() => setField('kept', moved(kept, index, -1))} disabled={index === 0} aria-label={`Move item ${index + 1} earlier`} title="Move earlier">
                  <AdminIcon name="arrowLeft" size={16} />
                </button>
                <button type="button" className="admin-icon-btn" onClick={() => setField('kept', moved(kept, index, 1))} disabled={index === kept.length - 1} aria-label={`Move item ${index + 1} later`} title="Move later">
                  <AdminIcon name="arrowRight" size={16} />
                </button>
                <button type="button" className="admin-icon-btn admin-icon-btn--danger" onClick={() => setField('kept', kept.filter((m) => m.imageUrl !== media.imageUrl))} aria-label={`Remove item ${index + 1}`} title="Remove">
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
                <button type="button" className="admin-icon-btn" onClick={() => setField('added', moved(added, index, -1))} disabled={index === 0} aria-label={`Move ${media.file.name} earlier`} title="Move earlier">
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
    </>
  );
}

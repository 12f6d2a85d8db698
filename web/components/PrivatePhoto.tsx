import { useEffect, useState } from 'react';
import { fetchWithToken, isFileOf } from '../lib/download.ts';
import './private-photo.css';

/**
 * A private photo (a shopper's return photos, issue 36: GET /returnphoto/{rp_id}): no public
 * address serves it, and an <img src> cannot send the bearer token, so it is fetched with the
 * token (web/lib/download.ts fetchWithToken, as downloads are) and shown from a blob: URL, released when the
 * photo leaves the page. Clicking it opens it full size in a new tab. A photo that cannot be
 * loaded says so in words.
 */
export function PrivatePhoto({ url, alt, size = 96 }: { url: string; alt: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let objectUrl: string | null = null;
    setFailed(false);
    fetchWithToken(url)
      .then(async (response) => {
        if (!isFileOf(response, 'image/')) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  const box = { width: size, height: size };
  if (failed) {
    return (
      <span className="private-photo private-photo--failed" style={box} role="img" aria-label={`${alt}: could not be loaded`}>
        Photo not loaded
      </span>
    );
  }
  if (!src) return <span className="private-photo private-photo--loading" style={box} role="img" aria-label={`${alt}: loading`} />;
  return (
    <a className="private-photo" style={box} href={src} target="_blank" rel="noopener" title="Open full size">
      <img src={src} alt={alt} width={size} height={size} data-testid="private-photo" />
    </a>
  );
}

/** A row of private photos, each described for a screen reader ("Photo 1 of 3 of return #4"). */
export function PrivatePhotos({ photos, label, size }: { photos: readonly { rp_id: number; url: string }[]; label: string; size?: number }) {
  if (photos.length === 0) return null;
  return (
    <ul className="private-photos" aria-label={`${label}: ${photos.length} photo${photos.length === 1 ? '' : 's'}`}>
      {photos.map((photo, index) => (
        <li key={photo.rp_id}>
          <PrivatePhoto url={photo.url} alt={`Photo ${index + 1} of ${photos.length} of ${label.toLowerCase()}`} size={size} />
        </li>
      ))}
    </ul>
  );
}

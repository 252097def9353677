import { type GalleryImage, SERVICE_IMAGES_MAX } from '@vetted/contract';
import { Alert, AlertDescription, AlertTitle, Button } from '@vetted/ui';
import { ImagePlus, TriangleAlert, X } from 'lucide-react';
import * as React from 'react';
import { ImageItem, PendingTile } from './service-image-item';
import { type PhotoProblem, useServiceImages } from './use-service-images';

/** The types the API accepts by their bytes (apps/api services/images.ts `ACCEPTED_MIME`). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export interface ServiceImagesEditorProps {
  /** The service's photos in their order; the first is the cover (`VendorService.images`). */
  images: GalleryImage[];
  /** Read only (an archived service): photos shown without controls. @defaultValue false */
  readOnly?: boolean;
  /**
   * Uploads one photo (at most 3 MB, checked here first with the spec §5 message). Reject with
   * the API's error (413 "Image must be less than 3mb", "Unsupported image type") to show it.
   */
  onUpload: (file: File) => Promise<void>;
  /** Saves an image's alt text (≤ 200 characters). Reject to show the error. */
  onSaveAlt: (imageId: string, alt: string) => Promise<void>;
  /** Saves a new order: every image id, the cover first. Reject to put the old order back. */
  onReorder: (imageIds: string[]) => Promise<void>;
  /** Deletes a photo (after the person confirmed). Reject to show the error. */
  onDelete: (imageId: string) => Promise<void>;
  /** Most photos a service may have. @defaultValue SERVICE_IMAGES_MAX (10, contract) */
  max?: number;
}

/**
 * The photos of a service: add several at once (each checked against the 3 MB rule
 * with the spec §5 message before anything is sent, then uploaded one by one with a pending
 * tile), alt text per photo, reorder with "Move earlier" / "Move later" / "Make cover" buttons
 * (keyboard-usable; focus stays on the moved photo and the new position is announced), and
 * delete behind a confirmation. The first photo is the cover customers see on the card.
 */
export function ServiceImagesEditor({
  images,
  readOnly = false,
  onUpload,
  onSaveAlt,
  onReorder,
  onDelete,
  max = SERVICE_IMAGES_MAX,
}: ServiceImagesEditorProps) {
  const photos = useServiceImages({ images, max, onUpload, onReorder, onDelete });
  const { shown, pending } = photos;
  return (
    <section aria-labelledby="service-photos" className="flex flex-col gap-4">
      <PhotosHeader
        readOnly={readOnly}
        max={max}
        canAdd={photos.room > 0}
        onFiles={(files) => void photos.addFiles(files)}
      />
      {photos.problems.length > 0 ? (
        <PhotoProblems problems={photos.problems} onDismiss={photos.dismissProblems} />
      ) : null}
      {shown.length === 0 && pending.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
          {readOnly
            ? 'No photos.'
            : 'No photos yet. Services with photos get more bookings: add a few of your work.'}
        </p>
      ) : (
        <ol aria-label="Photos, the first is the cover" className="grid gap-4 sm:grid-cols-2">
          {shown.map((image, index) => (
            <ImageItem
              key={image.id}
              image={image}
              index={index}
              count={shown.length}
              readOnly={readOnly}
              registerButton={photos.registerButton}
              onMove={(to, button) => photos.move(image.id, to, button)}
              onSaveAlt={(alt) => onSaveAlt(image.id, alt)}
              onDelete={() => photos.deleteImage(image.id, index)}
            />
          ))}
          {pending.map((upload) => (
            <PendingTile key={upload.key} file={upload.file} />
          ))}
        </ol>
      )}
      <p role="status" className="sr-only">
        {pending.length > 0
          ? `Uploading ${pending.length === 1 ? '1 photo' : `${pending.length} photos`}…`
          : photos.announcement}
      </p>
    </section>
  );
}

/** "Photos", what may be added (or that it is read only), and "Add photos" with its file input. */
function PhotosHeader({
  readOnly,
  max,
  canAdd,
  onFiles,
}: {
  readOnly: boolean;
  max: number;
  canAdd: boolean;
  onFiles: (files: File[]) => void;
}) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const hintId = React.useId();
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="service-photos" className="text-lg font-semibold">
          Photos
        </h2>
        <p id={hintId} className="text-sm text-muted">
          {readOnly
            ? 'This service is archived: its photos can no longer be changed.'
            : `Up to ${max} photos, each JPG, PNG, WebP, GIF or AVIF under 3 MB. The first one is the cover customers see.`}
        </p>
      </div>
      {readOnly ? null : (
        <>
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPT}
            multiple
            aria-label="Choose photos to add"
            aria-describedby={hintId}
            // The visible button is the keyboard path (as in @vetted/ui ImageUpload).
            tabIndex={-1}
            className="sr-only"
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              // Choosing the same file again after a refusal still fires `change`.
              event.currentTarget.value = '';
              onFiles(files);
            }}
          />
          <Button variant="outline" disabled={!canAdd} onClick={() => inputRef.current?.click()}>
            <ImagePlus aria-hidden="true" />
            Add photos
          </Button>
        </>
      )}
    </div>
  );
}

/** The photos refused or failed, one line each, with "Dismiss". */
function PhotoProblems({
  problems,
  onDismiss,
}: {
  problems: PhotoProblem[];
  onDismiss: () => void;
}) {
  return (
    <Alert variant="danger" role="alert">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>
        {problems.length === 1 ? 'A photo was not added' : 'Some photos were not added'}
      </AlertTitle>
      <AlertDescription>
        <ul className="flex flex-col gap-1">
          {problems.map((p) => (
            <li key={p.key}>{p.text}</li>
          ))}
        </ul>
        <Button size="sm" variant="ghost" className="mt-2 w-fit" onClick={onDismiss}>
          <X aria-hidden="true" />
          Dismiss
        </Button>
      </AlertDescription>
    </Alert>
  );
}

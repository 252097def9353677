import { SERVICE_IMAGES_MAX, type GalleryImage } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  ConfirmDialog,
  IconButton,
  Input,
  Label,
  Spinner,
  validateImageFile,
} from '@vetted/ui';
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2, TriangleAlert, X } from 'lucide-react';
import * as React from 'react';
import { errorMessage } from '../../lib/errors';

/** The types the API accepts by their bytes (apps/api services/images.ts `ACCEPTED_MIME`). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
/** Longest alt text the API keeps (contract `updateServiceImageBodySchema`). */
const ALT_MAX = 200;

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

/** A refused or failed photo, keyed (the same file may be refused twice). */
interface Problem {
  key: number;
  text: string;
}

interface PendingUpload {
  key: string;
  file: File;
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
  const inputRef = React.useRef<HTMLInputElement>(null);
  const hintId = React.useId();
  const [pending, setPending] = React.useState<PendingUpload[]>([]);
  const [problems, setProblems] = React.useState<Problem[]>([]);
  const [announcement, setAnnouncement] = React.useState('');
  /** The order on screen while a reorder is being saved (null: the images' own order). */
  const [order, setOrder] = React.useState<string[] | null>(null);
  const [focusTarget, setFocusTarget] = React.useState<string | null>(null);
  const buttons = React.useRef(new Map<string, HTMLButtonElement>());
  const nextKey = React.useRef(0);
  const newProblem = (text: string): Problem => {
    nextKey.current += 1;
    return { key: nextKey.current, text };
  };

  const byId = new Map(images.map((img) => [img.id, img]));
  // While a new order is being saved it is shown; photos added meanwhile go last.
  const shown = order
    ? [
        ...order.map((imageId) => byId.get(imageId)).filter((img) => img !== undefined),
        ...images.filter((img) => !order.includes(img.id)),
      ]
    : images;
  const room = max - images.length - pending.length;

  React.useEffect(() => {
    if (!focusTarget) return;
    buttons.current.get(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const addFiles = async (files: File[]) => {
    const refused: Problem[] = [];
    const accepted: PendingUpload[] = [];
    for (const file of files) {
      const problem = validateImageFile(file);
      if (problem) refused.push(newProblem(`${file.name}: ${problem}`));
      else if (accepted.length >= room) {
        refused.push(newProblem(`${file.name}: a service can have up to ${max} photos`));
      } else {
        nextKey.current += 1;
        accepted.push({ key: `upload-${nextKey.current}`, file });
      }
    }
    if (files.length === 0)
      refused.push(newProblem(validateImageFile(null) ?? 'No image selected'));
    setProblems(refused);
    if (accepted.length === 0) return;
    setPending((list) => [...list, ...accepted]);
    // One at a time: the API answers each with the whole service, in order.
    for (const upload of accepted) {
      try {
        await onUpload(upload.file);
        setAnnouncement(`${upload.file.name} added`);
      } catch (error) {
        setProblems((list) => [...list, newProblem(`${upload.file.name}: ${errorMessage(error)}`)]);
      } finally {
        setPending((list) => list.filter((p) => p.key !== upload.key));
      }
    }
  };

  const saves = React.useRef(0);
  const move = async (imageId: string, to: number, button: 'earlier' | 'later' | 'cover') => {
    const ids = shown.map((img) => img.id);
    const from = ids.indexOf(imageId);
    if (from < 0 || to < 0 || to >= ids.length || from === to) return;
    ids.splice(from, 1);
    ids.splice(to, 0, imageId);
    const last = ids.length - 1;
    setOrder(ids);
    setProblems([]);
    // Keep focus on the photo that moved: the same button, or its other one at either end
    // (a disabled button cannot hold focus; "Make cover" is gone once the photo is first).
    const keep =
      button === 'earlier'
        ? to > 0
          ? 'earlier'
          : 'later'
        : button === 'later'
          ? to < last
            ? 'later'
            : 'earlier'
          : 'later';
    setFocusTarget(`${imageId}:${keep}`);
    setAnnouncement(
      to === 0
        ? `Photo moved to place 1 of ${ids.length}: it is now the cover`
        : `Photo moved to place ${to + 1} of ${ids.length}`,
    );
    // Every save sends the whole order, so the last one wins; the screen keeps the order
    // chosen until the last save answers.
    saves.current += 1;
    const mine = saves.current;
    try {
      await onReorder(ids);
      if (mine === saves.current) setOrder(null);
    } catch (error) {
      setProblems([newProblem(`The new order was not saved: ${errorMessage(error)}`)]);
      setAnnouncement('The new order was not saved');
      setOrder(null);
    }
  };

  const register = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  return (
    <section aria-labelledby="service-photos" className="flex flex-col gap-4">
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
                void addFiles(files);
              }}
            />
            <Button
              variant="outline"
              disabled={room <= 0}
              onClick={() => inputRef.current?.click()}
            >
              <ImagePlus aria-hidden="true" />
              Add photos
            </Button>
          </>
        )}
      </div>

      {problems.length > 0 ? (
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
            <Button
              size="sm"
              variant="ghost"
              className="mt-2 w-fit"
              onClick={() => setProblems([])}
            >
              <X aria-hidden="true" />
              Dismiss
            </Button>
          </AlertDescription>
        </Alert>
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
              register={register}
              onMove={(to, button) => move(image.id, to, button)}
              onSaveAlt={(alt) => onSaveAlt(image.id, alt)}
              onDelete={async () => {
                try {
                  await onDelete(image.id);
                  setAnnouncement(`Photo ${index + 1} deleted`);
                } catch (error) {
                  setProblems([
                    newProblem(`Photo ${index + 1} was not deleted: ${errorMessage(error)}`),
                  ]);
                  throw error;
                }
              }}
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
          : announcement}
      </p>
    </section>
  );
}

/** A photo being uploaded: its local preview under a spinner. */
function PendingTile({ file }: { file: File }) {
  const [url, setUrl] = React.useState<string | null>(null);
  React.useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <li
      aria-busy="true"
      className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface"
    >
      <div className="relative aspect-video bg-surface-muted">
        {url ? <img src={url} alt="" className="size-full object-cover opacity-60" /> : null}
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner aria-hidden="true" />
        </div>
      </div>
      <p className="truncate p-3 text-sm text-muted">Uploading {file.name}…</p>
    </li>
  );
}

interface ImageItemProps {
  image: GalleryImage;
  index: number;
  count: number;
  readOnly: boolean;
  register: (key: string) => (el: HTMLButtonElement | null) => void;
  onMove: (to: number, button: 'earlier' | 'later' | 'cover') => void;
  onSaveAlt: (alt: string) => Promise<void>;
  onDelete: () => Promise<void>;
}

/** One photo: the picture, "Cover" on the first, its alt text form and its buttons. */
function ImageItem({
  image,
  index,
  count,
  readOnly,
  register,
  onMove,
  onSaveAlt,
  onDelete,
}: ImageItemProps) {
  const n = index + 1;
  const inputId = React.useId();
  const [alt, setAlt] = React.useState(image.alt);
  const [saving, setSaving] = React.useState(false);
  const [altError, setAltError] = React.useState<string | null>(null);
  const [saved, setSaved] = React.useState(false);
  // The saved text changed (this save, or another tab): show it.
  React.useEffect(() => {
    setAlt(image.alt);
  }, [image.alt]);
  const changed = alt.trim() !== image.alt;

  const saveAlt = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    if (alt.trim().length > ALT_MAX) {
      setAltError(`Alt text can be at most ${ALT_MAX} characters`);
      return;
    }
    setSaving(true);
    setAltError(null);
    setSaved(false);
    try {
      await onSaveAlt(alt.trim());
      setSaved(true);
    } catch (error) {
      setAltError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <li
      data-testid="service-photo"
      className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface"
    >
      <div className="relative aspect-video bg-surface-muted">
        <img
          src={image.thumbUrl}
          alt={image.alt}
          width={image.width}
          height={image.height}
          className="size-full object-cover"
        />
        {index === 0 ? (
          <Badge className="absolute top-2 left-2">
            <Star aria-hidden="true" />
            Cover
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3">
        <p className="text-sm font-medium">
          Photo {n} of {count}
        </p>
        {readOnly ? (
          <p className="text-sm text-muted">{image.alt || 'No alt text'}</p>
        ) : (
          <>
            <form className="flex flex-col gap-1.5" onSubmit={saveAlt} noValidate>
              <Label htmlFor={inputId}>Alt text of photo {n}</Label>
              {/* The field takes the tile's whole width (a sentence fits), Save sits below it. */}
              <div className="flex flex-col gap-2">
                <Input
                  id={inputId}
                  value={alt}
                  maxLength={ALT_MAX}
                  placeholder="What the photo shows"
                  aria-invalid={altError ? true : undefined}
                  aria-describedby={altError ? `${inputId}-error` : `${inputId}-hint`}
                  onChange={(event) => {
                    setAlt(event.currentTarget.value);
                    setSaved(false);
                  }}
                />
                <Button
                  type="submit"
                  size="sm"
                  variant="outline"
                  className="self-end"
                  loading={saving}
                  disabled={!changed}
                  aria-label={`Save alt text of photo ${n}`}
                >
                  Save
                </Button>
              </div>
              {altError ? (
                <p id={`${inputId}-error`} role="alert" className="text-xs font-medium text-danger">
                  {altError}
                </p>
              ) : (
                <p id={`${inputId}-hint`} className="text-xs text-muted">
                  {saved ? 'Saved.' : 'Read aloud to people who cannot see the photo.'}
                </p>
              )}
            </form>
            <div className="mt-auto flex flex-wrap items-center gap-1">
              <IconButton
                ref={register(`${image.id}:earlier`)}
                label={`Move photo ${n} earlier`}
                variant="outline"
                size="sm"
                className="size-8"
                disabled={index === 0}
                onClick={() => onMove(index - 1, 'earlier')}
              >
                <ArrowLeft aria-hidden="true" />
              </IconButton>
              <IconButton
                ref={register(`${image.id}:later`)}
                label={`Move photo ${n} later`}
                variant="outline"
                size="sm"
                className="size-8"
                disabled={index === count - 1}
                onClick={() => onMove(index + 1, 'later')}
              >
                <ArrowRight aria-hidden="true" />
              </IconButton>
              {index > 0 ? (
                <Button size="sm" variant="ghost" onClick={() => onMove(0, 'cover')}>
                  Make cover
                  {/* The visible words start the accessible name (WCAG 2.5.3). */}
                  <span className="sr-only"> (photo {n})</span>
                </Button>
              ) : null}
              <ConfirmDialog
                trigger={
                  <IconButton
                    label={`Delete photo ${n}`}
                    variant="ghost"
                    size="sm"
                    className="ml-auto size-8 text-danger"
                  >
                    <Trash2 aria-hidden="true" />
                  </IconButton>
                }
                title={`Delete photo ${n}?`}
                description={
                  index === 0 && count > 1
                    ? 'It is removed from this service for good, and the next photo becomes the cover.'
                    : 'It is removed from this service for good.'
                }
                confirmLabel="Delete photo"
                destructive
                onConfirm={onDelete}
              />
            </div>
          </>
        )}
      </div>
    </li>
  );
}

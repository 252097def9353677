import type { GalleryImage } from '@vetted/contract';
import { Badge, Button, ConfirmDialog, IconButton, Input, Label, Spinner } from '@vetted/ui';
import { ArrowLeft, ArrowRight, Star, Trash2 } from 'lucide-react';
import * as React from 'react';
import { errorMessage } from '../../lib/errors';
import type { MoveButton } from './use-service-images';

/** Longest alt text the API keeps (contract `updateServiceImageBodySchema`). */
const ALT_MAX = 200;

/** A ref callback factory: `registerButton('<imageId>:earlier')` keeps that button focusable. */
type RegisterButton = (key: string) => (el: HTMLButtonElement | null) => void;

/** A photo tile: the bordered list item with a 16:9 picture area (`picture`) above `children`. */
function PhotoTile({
  picture,
  children,
  ...props
}: React.ComponentProps<'li'> & { picture: React.ReactNode }) {
  return (
    <li
      {...props}
      className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface"
    >
      <div className="relative aspect-video bg-surface-muted">{picture}</div>
      {children}
    </li>
  );
}

/** A photo being uploaded: its local preview (an object URL, revoked after) under a spinner. */
export function PendingTile({ file }: { file: File }) {
  const [url, setUrl] = React.useState<string | null>(null);
  React.useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <PhotoTile
      aria-busy="true"
      picture={
        <>
          {url ? <img src={url} alt="" className="size-full object-cover opacity-60" /> : null}
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner aria-hidden="true" />
          </div>
        </>
      }
    >
      <p className="truncate p-3 text-sm text-muted">Uploading {file.name}…</p>
    </PhotoTile>
  );
}

export interface ImageItemProps {
  /** The photo. */
  image: GalleryImage;
  /** Its place on screen, 0-based (0 is the cover). */
  index: number;
  /** How many photos are shown. */
  count: number;
  /** Shown without its form and buttons (an archived service). */
  readOnly: boolean;
  /** Registers the move buttons so focus can follow the photo. */
  registerButton: RegisterButton;
  /** Moves the photo to place `to` (0-based), saying which button did it. */
  onMove: (to: number, button: MoveButton) => void;
  /** Saves its alt text (trimmed, ≤ 200 characters); rejects with the API's error. */
  onSaveAlt: (alt: string) => Promise<void>;
  /** Deletes it (after the person confirmed); rejects to keep the dialog open. */
  onDelete: () => Promise<void>;
}

/** One photo: the picture, "Cover" on the first, its alt text form and its buttons. */
export function ImageItem({
  image,
  index,
  count,
  readOnly,
  registerButton,
  onMove,
  onSaveAlt,
  onDelete,
}: ImageItemProps) {
  const n = index + 1;
  return (
    <PhotoTile
      data-testid="service-photo"
      picture={
        <>
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
        </>
      }
    >
      <div className="flex flex-1 flex-col gap-3 p-3">
        <p className="text-sm font-medium">
          Photo {n} of {count}
        </p>
        {readOnly ? (
          <p className="text-sm text-muted">{image.alt || 'No alt text'}</p>
        ) : (
          <>
            <AltTextForm image={image} n={n} onSaveAlt={onSaveAlt} />
            <PhotoButtons
              image={image}
              index={index}
              count={count}
              registerButton={registerButton}
              onMove={onMove}
              onDelete={onDelete}
            />
          </>
        )}
      </div>
    </PhotoTile>
  );
}

/** Photo `n`'s alt text: a field, Save below it, then the error, "Saved." or the hint. */
function AltTextForm({
  image,
  n,
  onSaveAlt,
}: Pick<ImageItemProps, 'image' | 'onSaveAlt'> & { n: number }) {
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
  );
}

/** A photo's buttons: move earlier / later, "Make cover" (not on the cover) and delete. */
function PhotoButtons({
  image,
  index,
  count,
  registerButton,
  onMove,
  onDelete,
}: Omit<ImageItemProps, 'readOnly' | 'onSaveAlt'>) {
  const n = index + 1;
  const moveButton = (direction: 'earlier' | 'later', to: number, disabled: boolean) => (
    <IconButton
      ref={registerButton(`${image.id}:${direction}`)}
      label={`Move photo ${n} ${direction}`}
      variant="outline"
      size="sm"
      className="size-8"
      disabled={disabled}
      onClick={() => onMove(to, direction)}
    >
      {direction === 'earlier' ? (
        <ArrowLeft aria-hidden="true" />
      ) : (
        <ArrowRight aria-hidden="true" />
      )}
    </IconButton>
  );
  return (
    <div className="mt-auto flex flex-wrap items-center gap-1">
      {moveButton('earlier', index - 1, index === 0)}
      {moveButton('later', index + 1, index === count - 1)}
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
  );
}

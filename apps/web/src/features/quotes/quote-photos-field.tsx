import { QUOTE_RULES } from '@vetted/contract';
import { Button, IMAGE_MESSAGES, MAX_IMAGE_BYTES, validateImageFile } from '@vetted/ui';
import { ImagePlus, X } from 'lucide-react';
import * as React from 'react';

export interface QuotePhotosFieldProps {
  /** The chosen photos, in order (controlled). */
  photos: File[];
  /** Called with the new list after an add or a removal; refused files are left out. */
  onChange: (photos: File[]) => void;
  /** Upload progress of the whole request, 0 to 1, while it is being sent; else undefined. */
  progress?: number;
  /** An error from the server about the photos (e.g. 413), shown under the field. */
  error?: string;
  disabled?: boolean;
}

/** Object URLs of `files` (same order), revoked when the list changes or on unmount. */
function useObjectUrls(files: readonly File[]): string[] {
  const [urls, setUrls] = React.useState<string[]>([]);
  React.useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

/**
 * "Photos": up to `QUOTE_RULES.maxPhotos` (6) pictures of the job, each under 3 MB (spec §5,
 * refused with its message "Image must be less than 3mb"), shown as previews with Remove; while
 * the request is sent, one progress bar for the upload (the photos travel in one request).
 */
export function QuotePhotosField({
  photos,
  onChange,
  progress,
  error,
  disabled,
}: QuotePhotosFieldProps) {
  const inputId = React.useId();
  const messageId = `${inputId}-message`;
  const input = React.useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  const urls = useObjectUrls(photos);
  const uploading = progress !== undefined;
  const room = QUOTE_RULES.maxPhotos - photos.length;

  const add = (files: File[]) => {
    const fitting = files.filter((f) => validateImageFile(f) === null);
    const taken = fitting.slice(0, room);
    const problems = [
      fitting.length < files.length ? IMAGE_MESSAGES.tooLarge : null,
      taken.length < fitting.length ? `Add at most ${QUOTE_RULES.maxPhotos} photos` : null,
    ].filter(Boolean);
    setRefusal(problems.length > 0 ? problems.join('. ') : null);
    if (taken.length > 0) onChange([...photos, ...taken]);
  };

  const message = error ?? refusal;
  return (
    <div className="grid gap-2" data-slot="quote-photos">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          Photos <span className="font-normal text-muted">(optional)</span>
        </label>
        <span className="text-xs text-muted">
          {photos.length} of {QUOTE_RULES.maxPhotos} · each under {MAX_IMAGE_BYTES / (1024 * 1024)}{' '}
          MB
        </span>
      </div>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        disabled={disabled || uploading || room === 0}
        aria-describedby={messageId}
        // The visible "Add photos" button is the keyboard path; a Tab stop here would show nothing.
        tabIndex={-1}
        className="sr-only"
        onChange={(e) => {
          add(Array.from(e.currentTarget.files ?? []));
          e.currentTarget.value = '';
        }}
      />
      {photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Chosen photos">
          {photos.map((file, i) => (
            <li
              // A file has no id; the same file may even be chosen twice.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={i}
              className="relative aspect-square overflow-hidden rounded-md border border-border bg-surface-muted"
            >
              {urls[i] ? (
                <img src={urls[i]} alt={file.name} className="size-full object-cover" />
              ) : null}
              <Button
                size="icon"
                variant="secondary"
                className="absolute top-1 right-1 size-7"
                aria-label={`Remove photo ${i + 1}`}
                disabled={disabled || uploading}
                onClick={() => {
                  setRefusal(null);
                  onChange(photos.filter((_, j) => j !== i));
                }}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {uploading ? (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label="Uploading photos"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 overflow-hidden rounded-pill bg-surface-muted"
          >
            <div
              className="h-full bg-primary transition-[width] duration-base"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
          <span className="text-xs text-muted">
            Uploading photos… {Math.round(progress * 100)}%
          </span>
        </div>
      ) : room > 0 ? (
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          disabled={disabled}
          aria-describedby={messageId}
          onClick={() => input.current?.click()}
        >
          <ImagePlus aria-hidden="true" /> Add photos
        </Button>
      ) : null}
      <p
        id={messageId}
        role="alert"
        className={message ? 'text-xs font-medium text-danger' : 'sr-only'}
      >
        {message ?? ''}
      </p>
    </div>
  );
}

import { ImagePlus, X } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/utils';
import { Button } from './button';

/**
 * spec §5 / §9: an image must be "less than 3mb". The boundary, as the API applies it:
 * at most 3 × 1024 × 1024 bytes is accepted, one byte more is refused.
 */
const MAX_IMAGE_BYTES = 3 * 1024 * 1024;

/** spec §5 messages, verbatim. */
const IMAGE_MESSAGES = {
  missing: 'No image selected',
  tooLarge: 'Image must be less than 3mb',
} as const;

/**
 * Checks a chosen image. Returns the spec §5 message, or null when the file is acceptable:
 * no file → "No image selected"; `file.size > maxBytes` → "Image must be less than 3mb".
 */
function validateImageFile(
  file: File | null | undefined,
  maxBytes: number = MAX_IMAGE_BYTES,
): string | null {
  if (!file) return IMAGE_MESSAGES.missing;
  if (file.size > maxBytes) return IMAGE_MESSAGES.tooLarge;
  return null;
}

type ImageUploadProps = Omit<
  React.ComponentProps<'div'>,
  'onChange' | 'defaultValue' | 'children'
> & {
  /** The chosen file (controlled). */
  value?: File | null;
  /** Called with an accepted file, or null when removed. Refused files are not passed on. */
  onChange: (file: File | null) => void;
  /**
   * Largest accepted size in bytes (larger files are refused).
   * @defaultValue MAX_IMAGE_BYTES (3 MB, spec §5)
   */
  maxBytes?: number;
  /** Upload progress 0–100; shows a progress bar while defined and < 100. */
  progress?: number;
  /**
   * `accept` attribute of the file input.
   * @defaultValue 'image/*'
   */
  accept?: string;
  /**
   * Whether a file is needed: once touched (or when `error` is forced), an empty value shows
   * "No image selected".
   * @defaultValue false
   */
  required?: boolean;
  /** External error (e.g. from a form library or a failed upload); shown instead of the internal one. */
  error?: string | null;
  /**
   * Visible label.
   * @defaultValue 'Image'
   */
  label?: string;
  /** Id of the file input. */
  id?: string;
  disabled?: boolean;
};

/** The chosen image (`url`: its object URL) with Replace and Remove, and the upload progress. */
function ImagePreview({
  file,
  url,
  progress,
  disabled,
  onReplace,
  onRemove,
}: {
  file: File;
  url: string;
  /** Upload progress 0–100; a bar while < 100. */
  progress?: number;
  disabled: boolean;
  onReplace: () => void;
  onRemove: () => void;
}) {
  const locked = disabled || (progress !== undefined && progress < 100);
  return (
    // At least as wide as the two buttons over it, however small the image.
    <div className="relative flex min-h-24 w-fit min-w-48 items-center justify-center overflow-hidden rounded-md border border-border bg-surface-muted">
      <img
        src={url}
        alt={`Preview of ${file.name}`}
        className="max-h-56 w-auto max-w-full object-contain"
      />
      <div className="absolute top-2 right-2 flex gap-1">
        <Button size="sm" variant="secondary" disabled={locked} onClick={onReplace}>
          Replace
        </Button>
        <Button
          size="sm"
          variant="destructive"
          aria-label={`Remove ${file.name}`}
          disabled={locked}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {progress !== undefined && progress < 100 ? (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          className="absolute inset-x-0 bottom-0 h-1.5 bg-neutral-900/40"
        >
          <div
            className="h-full bg-primary transition-[width] duration-base"
            style={{ width: `${progress}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** The empty state: a drop target for one image, with "Choose an image" as the keyboard path. */
function ImageDropzone({
  dragging,
  setDragging,
  invalid,
  disabled,
  maxBytes,
  describedBy,
  onBrowse,
  onDropFile,
}: {
  dragging: boolean;
  setDragging: (dragging: boolean) => void;
  invalid: boolean;
  disabled: boolean;
  maxBytes: number;
  describedBy: string;
  onBrowse: () => void;
  onDropFile: (file: File | undefined) => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer-only extra; the button inside is the keyboard path
    <div
      data-slot="image-upload-dropzone"
      data-dragging={dragging || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        if (!disabled) onDropFile(e.dataTransfer.files?.[0]);
      }}
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-input bg-surface px-6 py-8 text-center transition-colors duration-base',
        dragging && 'border-primary bg-primary-soft',
        invalid && 'border-danger',
        disabled && 'cursor-not-allowed',
      )}
    >
      <ImagePlus aria-hidden="true" className="size-8 text-muted" />
      <p className="text-sm text-fg">Drag an image here, or</p>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={onBrowse}
      >
        Choose an image
      </Button>
      <p className="text-xs text-muted">
        Under {Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB
      </p>
    </div>
  );
}

/** An object URL of `file` while it is set (revoked when it changes or on unmount), else null. */
function useObjectUrl(file: File | null | undefined): string | null {
  const [url, setUrl] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * Image picker with drag and drop, click/keyboard to browse, a preview and spec §5 validation.
 * Files over 3 MB are refused with "Image must be less than 3mb".
 */
function ImageUpload({
  value,
  onChange,
  maxBytes = MAX_IMAGE_BYTES,
  progress,
  accept = 'image/*',
  required = false,
  error,
  label = 'Image',
  id,
  disabled = false,
  className,
  ...props
}: ImageUploadProps) {
  const generatedId = React.useId();
  const inputId = id ?? `image-upload-${generatedId}`;
  const messageId = `${inputId}-message`;
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = React.useState(false);
  const [touched, setTouched] = React.useState(false);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  const preview = useObjectUrl(value);

  // Closing the file chooser without picking counts as a (failed) attempt.
  React.useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onCancel = () => setTouched(true);
    input.addEventListener('cancel', onCancel);
    return () => input.removeEventListener('cancel', onCancel);
  }, []);

  const take = (file: File | null | undefined) => {
    setTouched(true);
    if (!file) return;
    const problem = validateImageFile(file, maxBytes);
    if (problem) {
      setRefusal(problem);
      return;
    }
    setRefusal(null);
    onChange(file);
  };

  const message =
    error ?? refusal ?? (required && touched && !value ? IMAGE_MESSAGES.missing : null);

  return (
    <div data-slot="image-upload" className={cn('grid gap-1.5', className)} {...props}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={messageId}
        // Keyboard users press the visible "Choose an image" / "Replace" button instead: a Tab
        // stop on this hidden input would show no focus at all.
        tabIndex={-1}
        className="sr-only"
        onChange={(e) => {
          take(e.currentTarget.files?.[0]);
          // Allow choosing the same file again after a refusal.
          e.currentTarget.value = '';
        }}
        onBlur={() => setTouched(true)}
        onInvalid={(e) => {
          // Form submitted without a file: show the spec message instead of the browser bubble.
          e.preventDefault();
          setTouched(true);
        }}
      />
      {value && preview ? (
        <ImagePreview
          file={value}
          url={preview}
          progress={progress}
          disabled={disabled}
          onReplace={() => inputRef.current?.click()}
          onRemove={() => {
            setTouched(true);
            setRefusal(null);
            onChange(null);
          }}
        />
      ) : (
        <ImageDropzone
          dragging={dragging}
          setDragging={setDragging}
          invalid={Boolean(message)}
          disabled={disabled}
          maxBytes={maxBytes}
          describedBy={messageId}
          onBrowse={() => inputRef.current?.click()}
          onDropFile={take}
        />
      )}
      <p
        id={messageId}
        role="alert"
        data-slot="image-upload-message"
        className={cn('min-h-4 text-xs font-medium text-danger', !message && 'sr-only')}
      >
        {message ?? ''}
      </p>
    </div>
  );
}

export { IMAGE_MESSAGES, ImageUpload, MAX_IMAGE_BYTES, validateImageFile };
export type { ImageUploadProps };

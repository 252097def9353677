import { Avatar, Button, ConfirmDialog, validateImageFile } from '@vetted/ui';
import { Camera, Trash2 } from 'lucide-react';
import * as React from 'react';
import { errorMessage } from '../../lib/errors';

/** The types the API accepts by their bytes (apps/api services/images.ts `ACCEPTED_MIME`). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export interface AvatarEditorViewProps {
  /** The person's name: the picture's alt text and the source of the initials. */
  name: string;
  /** The current photo, or null (initials show). */
  avatarUrl: string | null;
  /** Uploads the chosen image. Reject to show the error (e.g. the API's 413 "Image must be less than 3mb"). */
  onUpload: (file: File) => Promise<void>;
  /** Removes the current photo. Reject to show the error. */
  onRemove: () => Promise<void>;
}

/**
 * The profile photo: the avatar with "Add a photo" / "Change photo", a preview of the
 * chosen image to save or cancel, and "Remove" behind a confirmation. A file over 3 MB is refused
 * here with the spec §5 message before anything is sent; the API checks again (type by bytes,
 * size) and crops the photo to a square.
 */
export function AvatarEditorView({ name, avatarUrl, onUpload, onRemove }: AvatarEditorViewProps) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const hintId = React.useId();
  const [file, setFile] = React.useState<File | null>(null);
  const [preview, setPreview] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [saving, setSaving] = React.useState(false);

  React.useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (chosen: File | null | undefined) => {
    const problem = validateImageFile(chosen);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setFile(chosen ?? null);
  };

  const save = async () => {
    if (!file) return;
    setSaving(true);
    setError(null);
    try {
      await onUpload(file);
      setFile(null);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-slot="avatar-editor" className="flex flex-col gap-2">
      <div className="flex items-center gap-4">
        <Avatar src={preview ?? avatarUrl} name={name} size="lg" className="size-20 text-xl" />
        <div className="flex min-w-0 flex-col gap-2">
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPT}
            aria-label="Choose a profile photo"
            aria-describedby={hintId}
            // The visible buttons are the keyboard path; a Tab stop on this hidden input would
            // show no focus (as in @vetted/ui ImageUpload).
            tabIndex={-1}
            className="sr-only"
            onChange={(event) => {
              pick(event.currentTarget.files?.[0]);
              // Choosing the same file again after a refusal still fires `change`.
              event.currentTarget.value = '';
            }}
          />
          <div className="flex flex-wrap gap-2">
            {file ? (
              <>
                <Button size="sm" loading={saving} onClick={save}>
                  Save photo
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={saving}
                  onClick={() => {
                    setFile(null);
                    setError(null);
                  }}
                >
                  Cancel
                </Button>
              </>
            ) : (
              <>
                <Button size="sm" variant="outline" onClick={() => inputRef.current?.click()}>
                  <Camera aria-hidden="true" />
                  {avatarUrl ? 'Change photo' : 'Add a photo'}
                </Button>
                {avatarUrl ? (
                  <ConfirmDialog
                    trigger={
                      <Button size="sm" variant="ghost">
                        <Trash2 aria-hidden="true" />
                        Remove
                      </Button>
                    }
                    title="Remove your photo?"
                    description="Your initials show instead, everywhere on Vetted."
                    confirmLabel="Remove photo"
                    destructive
                    onConfirm={async () => {
                      setError(null);
                      try {
                        await onRemove();
                      } catch (err) {
                        setError(errorMessage(err));
                        throw err;
                      }
                    }}
                  />
                ) : null}
              </>
            )}
          </div>
          <p id={hintId} className="text-xs text-muted">
            {file
              ? 'This is a preview. Save it to show it to pros and customers.'
              : 'JPG, PNG, WebP, GIF or AVIF, up to 3 MB. We crop it to a square.'}
          </p>
        </div>
      </div>
      <p role="alert" className={error ? 'text-sm font-medium text-danger' : 'sr-only'}>
        {error ?? ''}
      </p>
    </div>
  );
}

import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/utils';
import { IconButton } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { EmptyState } from './empty-state';

/** One picture of a service gallery. */
interface GalleryImage {
  id: string;
  /** Full-size URL shown in the lightbox. */
  src: string;
  /** Smaller URL for the grid; `src` when omitted. */
  thumbSrc?: string;
  /** Text alternative (required: describe what the picture shows). */
  alt: string;
  /** Intrinsic size in px, to reserve space and avoid layout shift. */
  width?: number;
  height?: number;
}

type GalleryProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Pictures, in display order. */
  images: GalleryImage[];
  /**
   * Title of the empty state.
   * @defaultValue 'No photos yet'
   */
  emptyTitle?: string;
};

/**
 * A grid of thumbnails; activating one opens a lightbox dialog with previous/next buttons,
 * ArrowLeft/ArrowRight keys and an "Image 2 of 5" counter.
 */
function Gallery({ images, emptyTitle = 'No photos yet', className, ...props }: GalleryProps) {
  const [openIndex, setOpenIndex] = React.useState<number | null>(null);
  const thumbs = React.useRef<Array<HTMLButtonElement | null>>([]);
  const lastIndex = React.useRef(0);
  const total = images.length;

  if (total === 0) {
    return (
      <EmptyState
        data-slot="gallery-empty"
        icon={<ImageOff />}
        title={emptyTitle}
        description="Photos the vendor adds will show here."
        className={className}
      />
    );
  }

  const current = openIndex === null ? null : images[openIndex];
  if (openIndex !== null) lastIndex.current = openIndex;
  const step = (delta: number) =>
    setOpenIndex((i) => (i === null ? i : (i + delta + total) % total));

  return (
    <div data-slot="gallery" className={className} {...props}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {images.map((image, index) => (
          <li key={image.id}>
            <button
              type="button"
              data-slot="gallery-thumb"
              ref={(el) => {
                thumbs.current[index] = el;
              }}
              aria-label={`Open image ${index + 1} of ${total}: ${image.alt}`}
              onClick={() => setOpenIndex(index)}
              className="group block aspect-[3/2] w-full overflow-hidden rounded-md bg-surface-muted outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-surface"
            >
              <img
                src={image.thumbSrc ?? image.src}
                alt=""
                width={image.width}
                height={image.height}
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition-transform duration-base group-hover:scale-105 dark:brightness-90"
              />
            </button>
          </li>
        ))}
      </ul>

      <Dialog open={current != null} onOpenChange={(open) => !open && setOpenIndex(null)}>
        {current && openIndex !== null ? (
          <DialogContent
            data-slot="gallery-lightbox"
            className="max-w-4xl gap-3 p-3 sm:p-4"
            onCloseAutoFocus={(event) => {
              // No DialogTrigger here: return focus to the thumbnail of the last image shown.
              event.preventDefault();
              thumbs.current[lastIndex.current]?.focus();
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') {
                event.preventDefault();
                step(1);
              } else if (event.key === 'ArrowLeft') {
                event.preventDefault();
                step(-1);
              }
            }}
          >
            <div className="flex items-center gap-3 pr-10">
              <DialogTitle className="truncate text-base">{current.alt}</DialogTitle>
              <DialogDescription
                data-slot="gallery-counter"
                aria-live="polite"
                className="ml-auto shrink-0 tabular-nums"
              >
                Image {openIndex + 1} of {total}
              </DialogDescription>
            </div>
            <div className="relative flex items-center justify-center overflow-hidden rounded-md bg-neutral-950">
              <img
                key={current.id}
                src={current.src}
                alt={current.alt}
                width={current.width}
                height={current.height}
                className="max-h-[70dvh] w-auto max-w-full object-contain"
              />
              {total > 1 ? (
                <>
                  <IconButton
                    label="Previous image"
                    variant="secondary"
                    onClick={() => step(-1)}
                    className={cn('absolute top-1/2 left-2 -translate-y-1/2 shadow-md')}
                  >
                    <ChevronLeft aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label="Next image"
                    variant="secondary"
                    onClick={() => step(1)}
                    className="absolute top-1/2 right-2 -translate-y-1/2 shadow-md"
                  >
                    <ChevronRight aria-hidden="true" />
                  </IconButton>
                </>
              ) : null}
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

export { Gallery };
export type { GalleryImage, GalleryProps };

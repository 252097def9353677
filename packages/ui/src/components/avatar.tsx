import { cva, type VariantProps } from 'class-variance-authority';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn, initialsOf } from '../lib/utils';

const avatarVariants = cva(
  'relative inline-flex shrink-0 overflow-hidden rounded-full bg-primary-soft align-middle',
  {
    variants: {
      size: {
        sm: 'size-8 text-xs',
        md: 'size-10 text-sm',
        lg: 'size-16 text-lg',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

type AvatarProps = Omit<React.ComponentProps<typeof AvatarPrimitive.Root>, 'children'> &
  VariantProps<typeof avatarVariants> & {
    /** Picture URL; the initials show while it loads or if it fails. */
    src?: string | null;
    /** Person or business name: the image's alt text and the source of the initials. */
    name: string;
  };

/** A round picture of a person or vendor with an initials fallback. */
function Avatar({ src, name, size, className, ...props }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn(avatarVariants({ size }), className)}
      {...props}
    >
      {src ? (
        <AvatarPrimitive.Image
          data-slot="avatar-image"
          src={src}
          alt={name}
          className="aspect-square size-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback
        data-slot="avatar-fallback"
        delayMs={src ? 300 : undefined}
        className="flex size-full items-center justify-center font-semibold text-link"
      >
        <span aria-hidden="true">{initialsOf(name)}</span>
        <span className="sr-only">{name}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}

export { Avatar, avatarVariants };
export type { AvatarProps };

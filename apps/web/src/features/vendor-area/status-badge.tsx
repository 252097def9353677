import { Badge, type BadgeProps } from '@vetted/ui';

/** One value of a status-like field in words, with the colour of its badge. */
export interface StatusLook {
  label: string;
  variant: NonNullable<BadgeProps['variant']>;
}

/** Every value of the union `K` in words, with its badge colour (one table per field). */
export type StatusLooks<K extends string> = Record<K, StatusLook>;

/** A Badge showing one status's words (`look.label`) in its colour (`look.variant`). */
export function StatusBadge({ look }: { look: StatusLook }) {
  return <Badge variant={look.variant}>{look.label}</Badge>;
}

import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@vetted/ui';
import * as React from 'react';
import { Link } from 'wouter';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the menu closes (the menu button). */
  returnFocus: React.RefObject<HTMLButtonElement | null>;
  links: Array<{ label: string; href: string }>;
  linkClassName: string;
  account: React.ReactNode;
}

/**
 * The public mobile menu (a Sheet). Loaded on first tap so the dialog code stays out of the
 * entry chunk of `/`.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  returnFocus,
  links,
  linkClassName,
  account,
}: MobileMenuProps) {
  // After following a link the router moves focus to the new page's heading; do not steal it.
  const followedLink = React.useRef(false);
  const close = () => {
    followedLink.current = true;
    onOpenChange(false);
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!followedLink.current) returnFocus.current?.focus();
          followedLink.current = false;
        }}
      >
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1 px-2">
          {links.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className={`${linkClassName} text-base`}
              onClick={close}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: closes the menu after a link inside is followed */}
        <div className="flex flex-col gap-2 px-4 pt-4" onClick={close}>
          {account}
        </div>
      </SheetContent>
    </Sheet>
  );
}

import {
  Button,
  type ButtonProps,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@vetted/ui';
import { Ellipsis } from 'lucide-react';
import * as React from 'react';

/** True inside the "More actions" menu: secondary actions render as menu items there. */
const InMenu = React.createContext(false);

export type ActionTriggerProps = ButtonProps & {
  /** Coloured as destructive in the menu (a button keeps its own `variant`). */
  destructive?: boolean;
};

/**
 * The button of a secondary order action: an outline {@link Button} in the header, or a menu
 * item inside {@link HeaderActions}' "More actions" menu. Usable as a dialog's trigger (`asChild`
 * props and ref are passed on). In the menu, choosing it keeps the menu open underneath, so a
 * dialog it opens stays mounted and focus comes back to the item when the dialog closes.
 */
export function ActionTrigger({
  destructive,
  variant = 'outline',
  loading,
  disabled,
  children,
  ref,
  ...props
}: ActionTriggerProps) {
  const inMenu = React.useContext(InMenu);
  if (!inMenu) {
    return (
      <Button ref={ref} variant={variant} loading={loading} disabled={disabled} {...props}>
        {children}
      </Button>
    );
  }
  const { onClick, className, type: _type, size: _size, asChild: _asChild, ...rest } = props;
  return (
    <DropdownMenuItem
      ref={ref as React.Ref<HTMLDivElement>}
      variant={destructive ? 'destructive' : 'default'}
      disabled={disabled || loading}
      className={className}
      onSelect={(event) => event.preventDefault()}
      onClick={onClick as React.MouseEventHandler<HTMLDivElement> | undefined}
      {...(rest as Omit<React.ComponentProps<typeof DropdownMenuItem>, 'onSelect'>)}
    >
      {children}
    </DropdownMenuItem>
  );
}

export interface HeaderActionsProps {
  /** The one action the page is for (e.g. "Accept", "Start job"); always a visible button. */
  primary?: React.ReactNode;
  /**
   * The other actions, each rendered with {@link ActionTrigger} as its button. Pass only the
   * ones that apply: an empty list shows no "More actions" menu.
   */
  secondary: { key: string; node: React.ReactNode }[];
}

/**
 * An order page's header actions. From 480 px up: every action as a button, secondary ones
 * first. Below (phones, e.g. 390 px): the primary action, and the secondary ones in a "More
 * actions" menu (keyboard and screen-reader accessible: Radix DropdownMenu), so the header fits.
 */
export function HeaderActions({ primary, secondary }: HeaderActionsProps) {
  // One row, each action rendered once: the secondary buttons give way to the menu on phones.
  return (
    <div className="flex flex-wrap items-start gap-2">
      <div className="contents max-[479px]:hidden">
        {secondary.map((a) => (
          <React.Fragment key={a.key}>{a.node}</React.Fragment>
        ))}
      </div>
      {primary}
      {secondary.length > 0 ? (
        <div className="hidden max-[479px]:block">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" aria-label="More actions">
                <Ellipsis aria-hidden="true" /> More
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <InMenu.Provider value={true}>
                {secondary.map((a) => (
                  <React.Fragment key={a.key}>{a.node}</React.Fragment>
                ))}
              </InMenu.Provider>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      ) : null}
    </div>
  );
}

import * as React from 'react';

/** Props every link component plugged into {@link LinkProvider} must accept. */
export interface LinkComponentProps {
  href: string;
  className?: string;
  children?: React.ReactNode;
  'aria-current'?: React.AriaAttributes['aria-current'];
  'aria-label'?: string;
  onClick?: React.MouseEventHandler<HTMLAnchorElement>;
}

/** A component rendering a navigational link (a router's `Link`, or a plain `<a>`). */
export type LinkComponent = React.ComponentType<LinkComponentProps>;

function DefaultLink({ href, children, ...props }: LinkComponentProps) {
  return (
    <a href={href} {...props}>
      {children}
    </a>
  );
}

const LinkContext = React.createContext<LinkComponent>(DefaultLink);

interface LinkProviderProps {
  /** The component used by every ui component that renders a link (e.g. wouter's `Link`). */
  component: LinkComponent;
  children?: React.ReactNode;
}

/** Makes every link rendered by `@vetted/ui` use the app's router link. */
function LinkProvider({ component, children }: LinkProviderProps) {
  return <LinkContext.Provider value={component}>{children}</LinkContext.Provider>;
}

/** The link component set by the nearest {@link LinkProvider}; a plain `<a>` without one. */
function useLinkComponent(): LinkComponent {
  return React.useContext(LinkContext);
}

export { LinkProvider, useLinkComponent, DefaultLink };
export type { LinkProviderProps };

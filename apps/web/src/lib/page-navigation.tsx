import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
} from 'react';
import { isWithin } from './paths.ts';

/**
 * How the plain screens (no Chakra, no router: the stand-alone pages of issue 13) move to
 * another path. Inside the app the router provides it (app-shell.tsx), so a link is a route
 * change; on a stand-alone page there is no provider and a link is a page load.
 */
export interface PageNavigation {
  /** Shows `path`; `replace` leaves no history entry behind. */
  navigate(path: string, options?: { replace?: boolean }): void;
  /** The path shown now, without query or hash. */
  pathname: string;
}

const byPageLoad: PageNavigation = {
  navigate: (path, options) => {
    if (options?.replace) window.location.replace(path);
    else window.location.assign(path);
  },
  get pathname() {
    return typeof window === 'undefined' ? '' : window.location.pathname;
  },
};

const PageNavigationContext = createContext<PageNavigation>(byPageLoad);

export function PageNavigationProvider({
  value,
  children,
}: {
  value: PageNavigation;
  children: ReactNode;
}) {
  return <PageNavigationContext.Provider value={value}>{children}</PageNavigationContext.Provider>;
}

export function usePageNavigation(): PageNavigation {
  return useContext(PageNavigationContext);
}

export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** Marks the link `aria-current="page"` while the path shown is `to` or a page under it
   * (a menu entry stays current on its detail screens, as the router's NavLink does). */
  markCurrent?: boolean;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A real `<a href>` (middle click, "open in a new tab" and the status bar keep working); a
 * plain click goes through the page's navigation instead of the browser's.
 */
export function PageLink({ to, markCurrent = false, onClick, children, ...rest }: PageLinkProps) {
  const navigation = usePageNavigation();
  const current = markCurrent && isWithin(navigation.pathname, to);
  return (
    <a
      {...rest}
      href={to}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        navigation.navigate(to);
      }}
    >
      {children}
    </a>
  );
}

import { useContext, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { NavigationContext } from '../lib/navigation';

type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; ref?: Ref<HTMLAnchorElement> };

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.currentTarget.target
  );
}

/**
 * A link to a page of the app that needs no router: the public pages use it so the landing can
 * render before the router is loaded (issue 12, item 7). A plain click navigates in the app;
 * modified clicks (new tab, new window) stay the browser's.
 */
export function AppLink({ to, onClick, ref, ...rest }: AppLinkProps) {
  const navigation = useContext(NavigationContext);
  return (
    <a
      ref={ref}
      href={to}
      aria-current={navigation?.path === to ? 'page' : undefined}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!navigation || !isPlainClick(event)) return;
        event.preventDefault();
        navigation.navigate(to);
      }}
    />
  );
}

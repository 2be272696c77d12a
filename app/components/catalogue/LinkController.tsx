import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { CLIENT_LINK_ATTRIBUTE } from "./ClientLink";

/**
 * The page's one listener for ClientLinks: a plain left click (no modifier key, no other target,
 * not a download) becomes a client-side navigation, replacing the history entry when it leads where
 * we already are, as `<Link>` does. Anything else is left to the browser.
 */
export function LinkController() {
  const navigate = useNavigate();

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest(`a[${CLIENT_LINK_ATTRIBUTE}]`) : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const to = link.getAttribute("href") ?? "";
      if (!to.startsWith("/") || to.startsWith("//")) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      navigate(to, { replace: to === pathname + search + hash });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);

  return null;
}

import type { AnchorHTMLAttributes } from "react";

/** Marks the plain links LinkController follows as client-side navigations. */
export const CLIENT_LINK_ATTRIBUTE = "data-client-link";

/**
 * A link for the many repeated on a page (product cards, category tiles): a plain `<a>` with no
 * hooks: Remix's `<Link>` runs about ten per link and resolves its path on every render (decision
 * 016 has the cost). Without JavaScript it is an ordinary link;
 * once hydrated, LinkController follows it as `<Link>` would. Same-site paths only (`/…`). It is not
 * announced to Remix's route discovery: the route is fetched when the link is followed.
 */
export function ClientLink({ href, children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a href={href} {...{ [CLIENT_LINK_ATTRIBUTE]: "" }} {...props}>
      {children}
    </a>
  );
}

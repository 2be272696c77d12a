import { isId } from "./ids";

// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Slugs by name: every product card of a page builds one from its product's name, and the same
 * names come back page after page (decision 016). Bounded: when full it starts again.
 */
const slugs = new Map<string, string>();
const MAX_SLUGS = 5000;

/**
 * Slug rules (spec section 2): spaces, commas and ampersands become hyphens; the id is the last
 * dash-separated piece. We also collapse repeated hyphens and drop characters that would need
 * escaping in a URL, so `Dairy, Bread & Eggs` → `Dairy-Bread-Eggs`.
 */
export function slugify(name: string): string {
  let slug = slugs.get(name);
  if (slug === undefined) {
    // Unicode decomposition is the costly step and only letters beyond ASCII need it.
    slug = (ASCII.test(name) ? name : name.normalize("NFKD"))
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[\s,&]+/g, "-")
      .replace(/[^A-Za-z0-9-]+/g, "")
      .replace(/-+/g, "-")
      .replace(/^-|-$/g, "");
    if (slugs.size >= MAX_SLUGS) slugs.clear();
    slugs.set(name, slug);
  }
  return slug;
}

export function segment(name: string, id: string): string {
  const base = slugify(name);
  return base ? `${base}-${id}` : id;
}

/** The id at the end of a slug segment, or null when it is not a well-formed id. */
export function idFromSegment(value: string | undefined): string | null {
  if (!value) return null;
  const last = value.slice(value.lastIndexOf("-") + 1).toLowerCase();
  return isId(last) ? last : null;
}

export function listingPath(category: { name: string; id: string }, subCategory: { name: string; id: string }): string {
  return `/${segment(category.name, category.id)}/${segment(subCategory.name, subCategory.id)}`;
}

export function productPath(product: { name: string; id: string }): string {
  return `/product/${segment(product.name, product.id)}`;
}

import { ClientLink } from "./ClientLink";

export interface CategoryTile {
  id: string;
  name: string;
  image: string;
  href: string | null;
}

/** The home grid of category pictures; each links to its first sub-category's listing (picture and name in one element: home's DOM budget). */
export function CategoryGrid({ categories }: { categories: CategoryTile[] }) {
  return (
    <ul aria-label="Categories" className="grid grid-cols-4 gap-2 sm:grid-cols-6 md:grid-cols-8 lg:grid-cols-10">
      {categories.map((c) => (
        <li key={c.id}>
          {c.href ? (
            <ClientLink href={c.href} className="block text-center text-xs font-medium leading-tight wrap-anywhere hover:text-brand">
              <img src={c.image} alt="" width={96} height={96} className="mx-auto mb-1 aspect-square w-full max-w-24 rounded-lg bg-sky-50 object-contain" />
              {c.name}
            </ClientLink>
          ) : (
            <span className="block text-center text-xs font-medium leading-tight wrap-anywhere">
              <img src={c.image} alt="" width={96} height={96} className="mx-auto mb-1 aspect-square w-full max-w-24 rounded-lg bg-sky-50 object-contain" />
              {c.name}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

import { Link } from "@remix-run/react";
import { CategoryGrid, type CategoryTile } from "~/components/catalogue/CategoryGrid";

/** Everyday words shown when a search finds nothing and no close word exists. */
const POPULAR_SEARCHES = ["milk", "bread", "eggs", "atta", "rice", "chips", "chocolate", "detergent"];

/** A search that found nothing: close words to try, then the top categories, never a blank page. */
export function SearchEmptyState({ suggestions, categories }: { suggestions: string[]; categories: CategoryTile[] }) {
  const words = suggestions.length ? suggestions : POPULAR_SEARCHES;
  return (
    <div className="grid gap-6 py-6">
      <div className="text-center">
        <h2 className="text-lg font-semibold">No Data found</h2>
        <p className="text-sm text-neutral-600">Check the spelling, or try one of these.</p>
      </div>
      <section aria-labelledby="search-suggestions-title" className="grid gap-2">
        <h2 id="search-suggestions-title" className="font-semibold">
          {suggestions.length ? "Did you mean" : "Popular searches"}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {words.map((word) => (
            <li key={word}>
              <Link
                to={`/search?${new URLSearchParams({ q: word })}`}
                className="block rounded-full border border-neutral-300 px-3 py-1 text-sm hover:border-brand hover:text-brand"
              >
                {word}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {categories.length ? (
        <section aria-labelledby="search-categories-title" className="grid gap-2">
          <h2 id="search-categories-title" className="font-semibold">
            Top categories
          </h2>
          <CategoryGrid categories={categories} />
        </section>
      ) : null}
    </div>
  );
}

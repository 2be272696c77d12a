import { Link } from "@remix-run/react";

/** "Showing results for corrected · Search instead for typed": plain links, no JavaScript needed. */
export function SearchCorrection({ typed, searched }: { typed: string; searched: string }) {
  return (
    <p className="text-sm text-neutral-700">
      Showing results for{" "}
      <Link to={`/search?${new URLSearchParams({ q: searched })}`} className="font-semibold italic text-brand underline">
        {searched}
      </Link>
      {" · "}
      Search instead for{" "}
      <Link to={`/search?${new URLSearchParams({ q: typed, literal: "1" })}`} className="italic underline">
        {typed}
      </Link>
    </p>
  );
}

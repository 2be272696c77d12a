import { Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import { SearchBox } from "~/components/search/SearchBox";
import { TypingPlaceholder } from "./TypingPlaceholder";

function MagnifierIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

const BOX_CLASS =
  "flex h-12 w-full items-center gap-3 rounded-lg border border-neutral-300 bg-neutral-50 px-3 text-neutral-500 md:min-w-[300px] lg:min-w-[420px]";

/**
 * Off /search: a link to /search showing the typing placeholder, whose visible text is its
 * accessible name (it holds still while hovered or focused). On /search: the search box.
 */
export function SearchBar() {
  const location = useLocation();
  const [paused, setPaused] = useState(false);
  if (location.pathname === "/search") return <SearchBox className={BOX_CLASS} icon={<MagnifierIcon />} />;
  const pause = () => setPaused(true);
  const resume = () => setPaused(false);
  return (
    <Link to="/search" className={BOX_CLASS} onFocus={pause} onBlur={resume} onMouseEnter={pause} onMouseLeave={resume}>
      <MagnifierIcon />
      <TypingPlaceholder paused={paused} />
    </Link>
  );
}

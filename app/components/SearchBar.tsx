import { Form, Link, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { TypingPlaceholder } from "./TypingPlaceholder";

function MagnifierIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/**
 * Off /search: a link to /search showing the typing placeholder. On /search: a GET form with a
 * focused input prefilled with q (Enter submits without JavaScript).
 */
export function SearchBar() {
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const onSearch = location.pathname === "/search";
  const boxClass =
    "flex h-11 w-full min-w-[300px] items-center gap-3 rounded-lg border border-neutral-300 bg-neutral-50 px-3 text-neutral-500 lg:min-w-[420px]";

  if (!onSearch) {
    return (
      <Link to="/search" className={boxClass} aria-label="Search products">
        <MagnifierIcon />
        <TypingPlaceholder />
      </Link>
    );
  }
  return (
    <Form method="get" action="/search" role="search" className={boxClass} onSubmit={() => clearTimeout(timer.current)}>
      <Link to="/" className="md:hidden" aria-label="Back to home">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M19 12H5m7-7-7 7 7 7" />
        </svg>
      </Link>
      <span className="hidden md:inline">
        <MagnifierIcon />
      </span>
      <input
        type="search"
        name="q"
        autoFocus
        maxLength={100}
        defaultValue={params.get("q") ?? ""}
        onChange={(event) => {
          // With JavaScript every change updates the URL (replace, debounced); Enter still submits.
          const q = event.currentTarget.value;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => navigate(`/search?q=${encodeURIComponent(q)}`, { replace: true, preventScrollReset: true }), 300);
        }}
        placeholder="Search for atta dal and more."
        aria-label="Search for atta dal and more."
        className="h-full w-full bg-transparent text-neutral-800 outline-none"
      />
    </Form>
  );
}

import { Form, Link, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { useSearchSuggestions, type SearchSuggestion } from "~/lib/hooks/use-search-suggestions";
import { SearchSuggestions } from "./SearchSuggestions";

const PLACEHOLDER = "Search for atta dal and more.";

/**
 * The search bar on /search: a GET form with a focused input prefilled with q (Enter submits
 * without JavaScript). With JavaScript every change also updates the results (replace, debounced),
 * and the input is a WAI-ARIA combobox offering up to 8 suggestions: arrow keys move through them,
 * Enter opens the chosen one (or submits the search when none is chosen), Escape closes the list,
 * and a polite live region says how many there are.
 */
export function SearchBox({ className, icon }: { className: string; icon: ReactNode }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const results = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(results.current), []);
  const [text, setText] = useState(params.get("q") ?? "");
  const [open, setOpen] = useState(false);
  // The chosen suggestion belongs to the answer it was chosen in: a new answer starts with none.
  const [choice, setChoice] = useState<{ of: unknown; index: number }>({ of: null, index: -1 });
  // Asked for only while the list may show: not for the q a results page loads with.
  const suggestions = useSearchSuggestions(hydrated && open ? text : "");
  const items = suggestions.items;
  const expanded = open && items.length > 0;
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const active = choice.of === items ? choice.index : -1;
  const setActive = (next: number | ((current: number) => number)) =>
    setChoice((previous) => ({ of: items, index: typeof next === "function" ? next(previous.of === items ? previous.index : -1) : next }));

  const choose = (item: SearchSuggestion) => {
    clearTimeout(results.current);
    setOpen(false);
    navigate(item.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      // Past either end the choice goes back to the input (nothing chosen), then wraps.
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => ((current + step + 1 + items.length + 1) % (items.length + 1)) - 1);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === "Escape" && expanded) {
      // Closes the list only; a second Escape clears the input as a search field does.
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const combobox = hydrated
    ? {
        role: "combobox",
        "aria-expanded": expanded,
        "aria-controls": listId,
        "aria-autocomplete": "list" as const,
        "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
      }
    : {};

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className={`relative ${className}`}
      onSubmit={() => {
        clearTimeout(results.current);
        setOpen(false);
      }}
    >
      <Link to="/" className="-ml-3 flex h-11 w-11 shrink-0 items-center justify-center md:hidden" aria-label="Back to home">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M19 12H5m7-7-7 7 7 7" />
        </svg>
      </Link>
      <span className="hidden md:inline">{icon}</span>
      <input
        type="search"
        name="q"
        // The spec's search screen opens on a focused input: the visitor came here to type.
        // eslint-disable-next-line jsx-a11y/no-autofocus -- see above
        autoFocus
        maxLength={100}
        autoComplete="off"
        defaultValue={params.get("q") ?? ""}
        {...combobox}
        onChange={(event) => {
          const q = event.currentTarget.value;
          setText(q);
          setOpen(true);
          clearTimeout(results.current);
          results.current = setTimeout(() => navigate(`/search?q=${encodeURIComponent(q)}`, { replace: true, preventScrollReset: true }), 300);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        placeholder={PLACEHOLDER}
        aria-label={PLACEHOLDER}
        className="h-full w-full bg-transparent text-neutral-800 outline-none"
      />
      {hydrated ? (
        <>
          {expanded ? <SearchSuggestions id={listId} items={items} active={active} optionId={optionId} onChoose={choose} /> : null}
          <p role="status" aria-live="polite" className="sr-only">
            {expanded ? `${items.length} suggestion${items.length === 1 ? "" : "s"}, use the up and down arrows to choose` : ""}
          </p>
        </>
      ) : null}
    </Form>
  );
}

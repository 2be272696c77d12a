import type { SearchSuggestion } from "~/lib/hooks/use-search-suggestions";

interface Props {
  id: string;
  items: SearchSuggestion[];
  active: number;
  optionId: (index: number) => string;
  onChoose: (item: SearchSuggestion) => void;
}

/** The combobox's popup (WAI-ARIA listbox): focus stays in the input, `active` is its aria-activedescendant. */
export function SearchSuggestions({ id, items, active, optionId, onChoose }: Props) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Suggestions"
      className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-neutral-200 bg-white py-1 shadow-lg"
    >
      {items.map((item, index) => (
        // The keyboard chooses from the input (arrows and Enter move aria-activedescendant), as
        // the WAI-ARIA combobox pattern does: an option is clicked, never focused.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- see above
        <li
          key={`${item.kind}-${item._id}`}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          // Keep focus in the input; the click chooses.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(item)}
          className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-neutral-800 ${index === active ? "bg-green-50" : "hover:bg-neutral-50"}`}
        >
          {item.image ? (
            <img src={item.image} alt="" width={32} height={32} loading="lazy" decoding="async" className="h-8 w-8 shrink-0 object-contain" />
          ) : (
            <span aria-hidden="true" className="h-8 w-8 shrink-0" />
          )}
          <span className="min-w-0 flex-1 truncate">{item.name}</span>
          <span className="shrink-0 text-xs text-neutral-600">{item.kind === "subCategory" ? `in ${item.detail}` : item.detail}</span>
        </li>
      ))}
    </ul>
  );
}

import { useEffect, useState } from "react";

/** One row of `GET /api/product/suggest` (app/server/search/search-suggest.server.ts). */
export interface SearchSuggestion {
  _id: string;
  kind: "subCategory" | "product";
  name: string;
  url: string;
  image: string;
  detail: string;
}

const DEBOUNCE_MS = 150;
const SUGGEST_MIN_CHARS = 2;

/**
 * Suggestions for what is typed, fetched once typing pauses. Each new text aborts the request of the
 * previous one (and its pending timer), so a slow, stale answer can never replace a newer one. Sent
 * without cookies: suggestions are the same for everyone, and the anonymous answer may be cached.
 */
export function useSearchSuggestions(text: string): { query: string; items: SearchSuggestion[] } {
  const [result, setResult] = useState<{ query: string; items: SearchSuggestion[] }>({ query: "", items: [] });
  const query = text.trim();
  useEffect(() => {
    if (query.length < SUGGEST_MIN_CHARS) {
      setResult({ query, items: [] });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/product/suggest?q=${encodeURIComponent(query)}`, { signal: controller.signal, credentials: "omit" });
        const body = response.ok ? ((await response.json()) as { success?: boolean; data: SearchSuggestion[] }) : null;
        if (body?.success) setResult({ query, items: body.data });
      } catch {
        // Aborted by newer text, or offline: what is shown stays.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return result;
}

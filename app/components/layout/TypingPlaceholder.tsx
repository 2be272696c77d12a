import { useEffect, useRef, useState } from "react";

const SEARCH_WORDS = ["milk", "bread", "sugar", "paneer", "chocolate", "curd", "rice", "egg", "chips"];
const TYPING_SPEED_MS = 50;
const HOLD_MS = 1000;
const phrase = (word: number) => `Search "${SEARCH_WORDS[word]}"`;
/** What every phrase starts with: the animation erases back to it, never further. */
const PREFIX = 'Search "';

/**
 * Types out Search "milk", Search "bread", … in an endless loop (spec: speed 50, 1000 ms hold),
 * erasing only the word between phrases, so the text always starts with `Search "`. The text is the
 * search link's accessible name (its visible label), so it holds the whole phrase while the link is
 * hovered or focused (`paused`), and never moves for `prefers-reduced-motion`. The server renders the
 * first phrase in full, so without JavaScript the text is static.
 */
export function TypingPlaceholder({ paused = false }: { paused?: boolean }) {
  const [text, setText] = useState(phrase(0));
  const word = useRef(0);

  useEffect(() => {
    if (paused) {
      setText(phrase(word.current));
      return;
    }
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    let length = phrase(word.current).length;
    let erasing = true;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      if (erasing && length > PREFIX.length) length--;
      else if (erasing) {
        erasing = false;
        word.current = (word.current + 1) % SEARCH_WORDS.length;
      } else length++;
      const full = phrase(word.current);
      setText(full.slice(0, length));
      if (!erasing && length >= full.length) {
        erasing = true;
        timer = setTimeout(tick, HOLD_MS);
      } else timer = setTimeout(tick, TYPING_SPEED_MS);
    };
    timer = setTimeout(tick, HOLD_MS);
    return () => clearTimeout(timer);
  }, [paused]);

  return <span>{text}</span>;
}

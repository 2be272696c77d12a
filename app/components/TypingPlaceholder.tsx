import { useEffect, useState } from "react";

export const SEARCH_WORDS = ["milk", "bread", "sugar", "panner", "chocolate", "curd", "rice", "egg", "chips"];
const TYPING_SPEED_MS = 50;
const HOLD_MS = 1000;

/**
 * Types out Search "milk", Search "bread", … in an endless loop (spec: speed 50, 1000 ms hold).
 * The server renders the first phrase in full, so without JavaScript the text is static.
 */
export function TypingPlaceholder() {
  const [text, setText] = useState(`Search "${SEARCH_WORDS[0]}"`);

  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    let word = 0;
    let length = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const phrase = `Search "${SEARCH_WORDS[word]}"`;
      length++;
      setText(phrase.slice(0, length));
      if (length >= phrase.length) {
        word = (word + 1) % SEARCH_WORDS.length;
        length = 0;
        timer = setTimeout(tick, HOLD_MS);
      } else {
        timer = setTimeout(tick, TYPING_SPEED_MS);
      }
    };
    timer = setTimeout(tick, HOLD_MS);
    return () => clearTimeout(timer);
  }, []);

  return <span aria-hidden="true">{text}</span>;
}

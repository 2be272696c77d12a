import type { ReactNode } from "react";

/**
 * A table that can be wider than a phone: it scrolls sideways inside this box, never the page. Its
 * inline size is contained, so the table's width does not widen the grids and flex rows around it;
 * focusable, so a keyboard can scroll it too.
 */
export function SidewaysScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrolling box is reached by keyboard only if it takes focus (WCAG 2.1.1, axe's scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto [contain:inline-size]">
      {children}
    </div>
  );
}

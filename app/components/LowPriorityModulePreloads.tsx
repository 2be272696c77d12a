import { UNSAFE_RemixContext as RemixContext, useMatches } from "@remix-run/react";
import { useContext, useState } from "react";

/** React 18 does not know `fetchPriority` (it warns and renders it camel-cased): the HTML attribute as such. */
const LOW_PRIORITY = { fetchpriority: "low" } as Record<string, string>;

/**
 * The page's JavaScript, announced in <head> at low priority, before `<Scripts>` announces the
 * same modules at the browser's default (high) priority at the end of <body>. A browser fetches a
 * module once, at the priority it first saw, so on a slow phone the stylesheet and the banner come
 * before the ~95 KB that only hydration needs: the page is complete and usable without it
 * (progressive enhancement), so it paints first and hydrates after (decision 016).
 */
export function LowPriorityModulePreloads() {
  const { manifest } = useContext(RemixContext)!;
  const matches = useMatches();
  // The first page's modules only, as `<Scripts>` does: later pages load their own on navigation.
  const [modules] = useState(() => {
    const paths = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const match of matches) {
      const route = manifest.routes[match.id];
      if (!route) continue;
      for (const path of route.imports ?? []) paths.add(path);
      paths.add(route.module);
    }
    return [...paths];
  });
  return modules.map((href) => <link key={href} rel="modulepreload" href={href} {...LOW_PRIORITY} />);
}

/**
 * What the worker bundle gets for `import … from "react-dom"` (wrangler.toml `[alias]`, decision
 * 033). On the server nothing renders into the DOM: react-router-dom (through Remix) only reads
 * `flushSync` when its module loads, to use in the browser. The browser bundle (Vite) keeps the real
 * react-dom; `react-dom/server` has its own alias, to its streaming build. Without this the worker
 * carried react-dom's client build (127 KB minified) that no request ever ran.
 */
export function flushSync<T>(update: () => T): T {
  return update();
}

export function unstable_batchedUpdates<A, R>(update: (a: A) => R, a: A): R {
  return update(a);
}

export function createPortal(): never {
  throw new Error("react-dom's createPortal does not run on the server");
}

/**
 * Registers the service worker (/sw.js, scope /: decision 036) once the page has loaded, so its
 * install and precache never compete with the page's own requests. Runs in the browser only,
 * from entry.client.tsx: without JavaScript there is no worker and nothing changes. Not under
 * Vite's dev server, which has no /sw.js (it is written by the build).
 */
export function registerServiceWorker() {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => console.warn("service worker not registered", error));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

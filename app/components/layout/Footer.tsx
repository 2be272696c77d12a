export function Footer() {
  return (
    <footer className="border-t border-neutral-200">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 py-4 text-sm text-neutral-600 sm:flex-row sm:justify-between">
        <p>© All Rights Reserved 2025</p>
        <nav aria-label="Social media" className="flex gap-2">
          <a
            href="https://www.instagram.com/"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 min-w-11 items-center justify-center px-1 hover:text-brand"
          >
            instagram
          </a>
          <a
            href="https://www.linkedin.com/"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 min-w-11 items-center justify-center px-1 hover:text-brand"
          >
            linkedin
          </a>
          <a href="https://twitter.com/" rel="noopener noreferrer" className="inline-flex min-h-11 min-w-11 items-center justify-center px-1 hover:text-brand">
            twitter
          </a>
        </nav>
      </div>
    </footer>
  );
}

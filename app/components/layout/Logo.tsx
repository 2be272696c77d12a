import { Link } from "@remix-run/react";

export function Logo() {
  return (
    <Link to="/" className="flex min-h-11 shrink-0 items-center text-2xl font-black tracking-tight" aria-label="FreshDash home">
      <span className="text-accent [-webkit-text-stroke:1px_var(--color-accent-ink)]">fresh</span>
      <span className="text-brand">dash</span>
    </Link>
  );
}

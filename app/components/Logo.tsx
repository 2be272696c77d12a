import { Link } from "@remix-run/react";

export function Logo() {
  return (
    <Link to="/" className="flex shrink-0 items-center text-2xl font-black tracking-tight" aria-label="FreshDash home">
      <span className="text-accent [text-shadow:0_1px_0_#b88a00]">fresh</span>
      <span className="text-brand">dash</span>
    </Link>
  );
}

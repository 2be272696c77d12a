import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Order Cancel | FreshDash" }];

export default function Cancel() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-5 rounded-lg bg-red-100 p-6 text-center">
      <h1 className="text-lg font-bold text-red-800">Order Cancel</h1>
      <p className="text-sm text-red-900">
        You were not charged. The items stay reserved for a short while; the order is cancelled automatically if it is not paid.
      </p>
      <Link to="/" className="rounded border border-red-900 px-4 py-1 text-red-900 hover:bg-red-900 hover:text-white">
        Go To Home
      </Link>
    </section>
  );
}

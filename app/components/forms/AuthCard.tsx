import type { ReactNode } from "react";

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto my-4 w-full max-w-lg rounded-lg bg-white p-6 shadow-sm ring-1 ring-neutral-200" aria-labelledby="auth-title">
      <h1 id="auth-title" className="mb-4 text-xl font-semibold">
        {title}
      </h1>
      {children}
    </section>
  );
}

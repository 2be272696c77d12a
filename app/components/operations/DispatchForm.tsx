import { Form } from "@remix-run/react";

/** Out for delivery: a rider from the store's staff, or a name and phone typed. */
export function DispatchForm({ riders }: { riders: { userId: string; name: string }[] }) {
  return (
    <Form method="post" className="grid gap-2 text-sm" aria-labelledby="dispatch-title">
      <h2 id="dispatch-title" className="font-semibold">
        Hand over to a rider
      </h2>
      <input type="hidden" name="intent" value="dispatch" />
      <label className="grid gap-1">
        <span>Rider from this store</span>
        <select name="riderUserId" defaultValue="" className="h-9 rounded border border-neutral-300 px-2">
          <option value="">Me</option>
          {riders.map((r) => (
            <option key={r.userId} value={r.userId}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      <p className="text-xs text-neutral-600">Or a rider from outside: type a name and phone (they take precedence).</p>
      <div className="flex flex-wrap gap-2">
        <label className="grid gap-1">
          <span>Rider&apos;s name</span>
          <input name="riderName" maxLength={80} className="h-9 rounded border border-neutral-300 px-2" />
        </label>
        <label className="grid gap-1">
          <span>Rider&apos;s phone</span>
          <input name="riderPhone" type="tel" maxLength={20} className="h-9 rounded border border-neutral-300 px-2" />
        </label>
      </div>
      <button type="submit" className="h-10 rounded-md bg-brand px-4 font-semibold text-white hover:bg-brand-dark">
        Send out for delivery
      </button>
    </Form>
  );
}

import { Form, useNavigation } from "@remix-run/react";

export interface PickLine {
  id: string;
  productId: string | null;
  name: string;
  unit: string;
  quantity: number;
  bin: string | null;
}

/**
 * The pick list, sorted by shelf location: one number per line, the units found (the ordered
 * quantity when the line is picked in full, fewer when it is short). A plain form: 303 back.
 */
export function PickForm({ lines }: { lines: PickLine[] }) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent") === "pick";
  return (
    <Form method="post" className="grid gap-3" aria-labelledby="pick-title">
      <h2 id="pick-title" className="font-semibold">
        Pick list
      </h2>
      <input type="hidden" name="intent" value="pick" />
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-neutral-200">
            <th scope="col" className="p-2">
              Shelf
            </th>
            <th scope="col" className="p-2">
              Item
            </th>
            <th scope="col" className="p-2">
              Ordered
            </th>
            <th scope="col" className="p-2">
              Picked
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="border-b border-neutral-100">
              <td className="p-2 font-mono">{line.bin ?? "—"}</td>
              <th scope="row" className="p-2 text-left font-normal">
                {line.name} <span className="text-neutral-500">({line.unit})</span>
              </th>
              <td className="p-2">{line.quantity}</td>
              <td className="p-2">
                {line.productId ? (
                  <label>
                    <span className="sr-only">Picked of {line.name}</span>
                    <input
                      type="number"
                      name={`picked.${line.productId}`}
                      min={0}
                      max={line.quantity}
                      defaultValue={line.quantity}
                      required
                      className="h-9 w-20 rounded border border-neutral-300 px-2"
                    />
                  </label>
                ) : (
                  <span className="text-neutral-500">no longer sold</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-neutral-600">Enter fewer than ordered for a short line (0 when none was on the shelf).</p>
      <button type="submit" disabled={pending} className="h-10 rounded-md bg-brand px-4 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
        {pending ? "Saving…" : "Finish picking"}
      </button>
    </Form>
  );
}

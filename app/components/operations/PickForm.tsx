import { SidewaysScroll } from "~/components/layout/SidewaysScroll";
import { Form, useNavigation } from "@remix-run/react";

export interface PickLine {
  id: string;
  productId: string | null;
  name: string;
  unit: string;
  quantity: number;
  bin: string | null;
  /** Units confirmed by scan, typed code or by hand (decision 042): the most the line can be picked as. */
  confirmed?: number;
}

/**
 * The pick list, sorted by shelf location: one number per line, the units found (the ordered
 * quantity when the line is picked in full, fewer when it is short; 0 on every line cancels the
 * order). A plain form: 303 back, or the refusal with what was typed (`typed`, by input name) and
 * the refused line's message beside it (`errors`, by input name).
 */
export function PickForm({ lines, typed, errors = {} }: { lines: PickLine[]; typed?: Record<string, string>; errors?: Record<string, string> }) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent") === "pick";
  return (
    <Form method="post" id="pick-form" className="grid gap-3" aria-labelledby="pick-title">
      <h2 id="pick-title" className="font-semibold">
        Pick list
      </h2>
      <input type="hidden" name="intent" value="pick" />
      <SidewaysScroll label="Pick list">
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
                <th scope="row" className="p-2 text-left font-normal [overflow-wrap:anywhere]">
                  {line.name} <span className="text-neutral-500">({line.unit})</span>
                </th>
                <td className="p-2">{line.quantity}</td>
                <td className="p-2">
                  {line.productId ? (
                    <>
                      <label>
                        <span className="sr-only">Picked of {line.name}</span>
                        <input
                          // A new confirmation (decision 042) starts the field again at the confirmed units.
                          key={line.confirmed}
                          type="number"
                          name={`picked.${line.productId}`}
                          min={0}
                          max={line.quantity}
                          step={1}
                          defaultValue={typed?.[`picked.${line.productId}`] ?? line.confirmed ?? line.quantity}
                          required
                          aria-invalid={errors[`picked.${line.productId}`] ? true : undefined}
                          aria-describedby={errors[`picked.${line.productId}`] ? `pick-error-${line.productId}` : undefined}
                          className="h-9 w-20 rounded border border-neutral-300 px-2"
                        />
                      </label>
                      {errors[`picked.${line.productId}`] ? (
                        <p id={`pick-error-${line.productId}`} className="mt-1 text-xs text-red-700">
                          {errors[`picked.${line.productId}`]}
                        </p>
                      ) : null}
                    </>
                  ) : (
                    <span className="text-neutral-500">no longer sold</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </SidewaysScroll>
      <p className="text-xs text-neutral-600">
        Enter fewer than ordered for a short line (0 when none was on the shelf). Nothing found at all cancels the order and refunds the shopper.
      </p>
      <button type="submit" disabled={pending} className="h-10 rounded-md bg-brand px-4 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
        {pending ? "Saving…" : "Finish picking"}
      </button>
    </Form>
  );
}

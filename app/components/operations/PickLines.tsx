import { PickLine, type PickLineConfirmation, type PickLineView } from "./PickLine";

/**
 * The pick list's lines to confirm (decision 042), in shelf order, before the pick is finished:
 * nothing counts as picked until a scan, a typed code or a manual confirmation says so. `errors` and
 * `typed` are a refused confirmation's message and code, by field name (`code.<productId>`).
 */
export function PickLines({
  lines,
  confirmations,
  errors = {},
  typed = {},
}: {
  lines: PickLineView[];
  confirmations: Record<string, PickLineConfirmation[]>;
  errors?: Record<string, string>;
  typed?: Record<string, string>;
}) {
  const left = lines.filter((line) => (confirmations[line.id] ?? []).reduce((sum, c) => sum + c.units, 0) < line.quantity).length;
  return (
    <section aria-labelledby="pick-lines-title" className="grid gap-2">
      <h2 id="pick-lines-title" className="font-semibold">
        Confirm each item{" "}
        <span className="font-normal text-neutral-600" data-testid="pick-lines-left">
          ({left === 0 ? "all confirmed" : `${left} of ${lines.length} to confirm`})
        </span>
      </h2>
      <ul className="grid gap-3">
        {lines.map((line) => (
          <PickLine
            key={line.id}
            line={line}
            confirmations={confirmations[line.id] ?? []}
            error={line.productId ? errors[`code.${line.productId}`] : undefined}
            typed={line.productId ? typed[`code.${line.productId}`] : undefined}
          />
        ))}
      </ul>
    </section>
  );
}

import { Form, useNavigation } from "@remix-run/react";
import type { PickConfirmMethod } from "~/db/schema";
import { ScanButton } from "./ScanButton";

export interface PickLineView {
  id: string;
  productId: string | null;
  name: string;
  unit: string;
  image: string;
  quantity: number;
  bin: string | null;
}

export interface PickLineConfirmation {
  units: number;
  method: PickConfirmMethod;
  by: string | null;
  at: number;
}

const METHOD_LABELS: Record<PickConfirmMethod, string> = { scan: "scanned", typed: "code typed", manual: "by hand, no scan" };

const time = (at: number) => new Date(at).toLocaleTimeString("en-IN", { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Kolkata" });

/**
 * One line of the pick list as a card (decision 042): the product's picture, the shelf and the
 * quantity large, and how many units are confirmed. Until all are, the line is confirmed by the
 * camera (ScanButton, JavaScript only), by the code typed (a plain form: works without JavaScript),
 * or by hand without a code, which is recorded with who and when. `error` is a refusal of this line
 * (a wrong item: "This is X, not Y").
 */
export function PickLine({ line, confirmations, error, typed }: { line: PickLineView; confirmations: PickLineConfirmation[]; error?: string; typed?: string }) {
  const navigation = useNavigation();
  const confirmed = confirmations.reduce((sum, c) => sum + c.units, 0);
  const left = line.quantity - confirmed;
  const pending = navigation.formData?.get("intent") === "confirm" && navigation.formData?.get("productId") === line.productId;
  const errorId = `confirm-error-${line.productId}`;
  return (
    <li
      className={`grid gap-3 rounded-lg border p-3 ${left <= 0 ? "border-green-600 bg-green-50" : "border-neutral-300 bg-white"}`}
      data-testid="pick-line"
      aria-labelledby={`pick-line-${line.id}`}
    >
      <div className="flex items-start gap-3">
        <img
          src={line.image || "/favicon.ico"}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          className="h-20 w-20 shrink-0 rounded border border-neutral-200 bg-white object-contain"
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 id={`pick-line-${line.id}`} className="text-base font-semibold leading-snug [overflow-wrap:anywhere]">
            {line.name} <span className="font-normal text-neutral-600">({line.unit})</span>
          </h3>
          <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <span>
              Shelf <strong className="font-mono text-2xl">{line.bin ?? "—"}</strong>
            </span>
            <span>
              Take{" "}
              <strong className="text-3xl" data-testid="pick-line-quantity">
                ×{line.quantity}
              </strong>
            </span>
          </p>
          <p className={`text-sm font-semibold ${left <= 0 ? "text-green-800" : "text-neutral-700"}`} data-testid="pick-line-confirmed">
            {left <= 0 ? `✓ All ${line.quantity} confirmed` : `${confirmed} of ${line.quantity} confirmed`}
          </p>
        </div>
      </div>
      {confirmations.some((c) => c.method === "manual") ? (
        <ul className="text-xs text-neutral-700" data-testid="pick-line-manual">
          {confirmations
            .filter((c) => c.method === "manual")
            .map((c, i) => (
              <li key={i}>
                {c.units} confirmed {METHOD_LABELS.manual} by {c.by ?? "a former staff member"} at {time(c.at)}
              </li>
            ))}
        </ul>
      ) : null}
      {line.productId && left > 0 ? (
        <>
          <ScanButton productId={line.productId} name={line.name} />
          <Form method="post" className="grid gap-2" aria-label={`Confirm ${line.name}`}>
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="productId" value={line.productId} />
            <div className="flex gap-2">
              <label className="grid min-w-0 flex-1 grid-cols-1 gap-1 text-sm font-medium">
                Code on the pack
                <input
                  name="code"
                  inputMode="numeric"
                  autoComplete="off"
                  enterKeyHint="done"
                  placeholder="12 or 13 digits"
                  defaultValue={typed}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className="h-11 w-full min-w-0 rounded border border-neutral-400 px-2 font-mono text-base"
                />
              </label>
              <label className="grid w-20 gap-1 text-sm font-medium">
                Units
                <input
                  name="units"
                  type="number"
                  min={1}
                  max={left}
                  step={1}
                  defaultValue={left}
                  className="h-11 rounded border border-neutral-400 px-2 text-base"
                />
              </label>
            </div>
            {error ? (
              <p id={errorId} role="alert" className="rounded-md bg-red-50 p-2 text-sm font-semibold text-red-800" data-testid="pick-line-error">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                name="method"
                value="typed"
                disabled={pending}
                className="h-11 flex-1 rounded-md border border-brand bg-white px-3 font-semibold text-brand"
              >
                Confirm code
              </button>
              <button type="submit" name="method" value="manual" disabled={pending} className="h-11 rounded-md px-3 text-sm text-neutral-700 underline">
                No code: confirm by hand
              </button>
            </div>
          </Form>
        </>
      ) : null}
    </li>
  );
}

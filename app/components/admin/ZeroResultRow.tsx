import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { addSynonymSchema, SYNONYM_MAX_LENGTH } from "~/lib/schemas/search";
import type { ActionAnswer } from "~/lib/action-answer";

const lastSeen = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

interface Props {
  item: { query: string; count: number; lastSeenAt: number };
  formId: string;
  redirectTo: string;
  /** The page action's answer when it refused this row's form (no JavaScript). */
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * One zero-result search with its "add synonym" and "dismiss" forms: plain POSTs to the page's action
 * without JavaScript, fetchers with it (the row goes away when the page revalidates).
 */
export function ZeroResultRow({ item, formId, redirectTo, lastResult }: Props) {
  const synonym = useFetcher<ActionAnswer<{ term: string }>>();
  const dismiss = useFetcher();
  const [form, fields] = useForm({
    id: formId,
    lastResult: synonym.data?.result ?? lastResult,
    constraint: getZodConstraint(addSynonymSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addSynonymSchema }),
  });
  const errorId = `${fields.canonical.id}-error`;
  const busy = synonym.state !== "idle" || dismiss.state !== "idle";
  return (
    <tr className="border-b border-neutral-200 align-top">
      <td className="py-2 pr-2 font-medium break-all">{item.query}</td>
      <td className="py-2 pr-2 text-right tabular-nums">{item.count}</td>
      <td className="py-2 pr-2 whitespace-nowrap text-neutral-700">{lastSeen.format(item.lastSeenAt)}</td>
      <td className="py-2">
        <div className="flex flex-wrap items-start gap-2">
          <synonym.Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-2">
            <input type="hidden" name="intent" value="add-synonym" />
            <input type="hidden" name="term" value={item.query} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <div className="grid gap-1">
              <label htmlFor={fields.canonical.id} className="text-xs text-neutral-700">
                Means<span className="sr-only"> (a catalogue word for “{item.query}”)</span>
              </label>
              <input
                {...getInputProps(fields.canonical, { type: "text" })}
                key={fields.canonical.key}
                maxLength={SYNONYM_MAX_LENGTH}
                autoComplete="off"
                placeholder="paneer"
                aria-invalid={fields.canonical.errors?.length ? true : undefined}
                aria-describedby={fields.canonical.errors?.length ? errorId : undefined}
                className="h-9 w-40 rounded border border-neutral-300 px-2"
              />
              {fields.canonical.errors?.length ? (
                <p id={errorId} className="max-w-64 text-xs text-red-700">
                  {fields.canonical.errors[0]}
                </p>
              ) : null}
              {form.errors?.length ? (
                <p role="alert" className="max-w-64 text-xs text-red-700">
                  {form.errors[0]}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              disabled={busy}
              className="mt-5 h-9 rounded border border-brand px-3 text-brand hover:bg-brand hover:text-white disabled:opacity-60"
            >
              {synonym.state !== "idle" ? "Adding…" : "Add synonym"}
              <span className="sr-only"> for “{item.query}”</span>
            </button>
          </synonym.Form>
          <dismiss.Form method="post">
            <input type="hidden" name="intent" value="dismiss" />
            <input type="hidden" name="term" value={item.query} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" disabled={busy} className="mt-5 h-9 rounded border border-neutral-400 px-3 hover:bg-neutral-100 disabled:opacity-60">
              Dismiss<span className="sr-only"> “{item.query}”</span>
            </button>
          </dismiss.Form>
        </div>
      </td>
    </tr>
  );
}

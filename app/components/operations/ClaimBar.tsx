import { useFetcher } from "@remix-run/react";
import { answerMessage, type ActionAnswer } from "~/lib/action-answer";
import { claimNotice, RELEASE_REASON_MAX } from "~/lib/order-claims";

export interface OrderClaim {
  claimedById: string | null;
  claimedByName: string | null;
  claimedAt: number | null;
}

const clock = new Intl.DateTimeFormat("en-IN", { timeStyle: "short", timeZone: "Asia/Kolkata" });

/**
 * Who is picking the order (decision 047), above its pick list: "Start picking" when nobody is,
 * "Stop picking" for the claimant, and for anyone else "Being picked by … since …" with, for the
 * store's manager or an admin, a release form with a reason. Plain POST forms to the page's action
 * (303 back without JavaScript); with it they submit in place and the page re-reads.
 */
export function ClaimBar({ claim, userId, canRelease }: { claim: OrderClaim; userId: string; canRelease: boolean }) {
  const fetcher = useFetcher<ActionAnswer>();
  const pending = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? answerMessage(fetcher.data) : null;
  const mine = claim.claimedById === userId;
  const button = "h-10 rounded-md px-4 font-semibold disabled:opacity-60";
  return (
    <div className="grid gap-2 rounded-lg border border-neutral-200 bg-white p-4 text-sm" data-testid="claim-bar">
      {!claim.claimedById ? (
        <fetcher.Form method="post" className="flex flex-wrap items-center justify-between gap-2">
          <p>Nobody is picking this order yet.</p>
          <input type="hidden" name="intent" value="claim" />
          <button type="submit" disabled={pending} className={`${button} bg-brand text-white hover:bg-brand-dark`}>
            {pending ? "Claiming…" : "Start picking"}
          </button>
        </fetcher.Form>
      ) : mine ? (
        <fetcher.Form method="post" className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold text-green-800" data-testid="claim-notice">
            You are picking this order since {clock.format(new Date(claim.claimedAt ?? 0))}
          </p>
          <input type="hidden" name="intent" value="release" />
          <input type="hidden" name="holder" value={userId} />
          <button type="submit" disabled={pending} className={`${button} border border-neutral-300 hover:bg-neutral-100`}>
            {pending ? "Saving…" : "Stop picking"}
          </button>
        </fetcher.Form>
      ) : (
        <>
          <p className="font-semibold text-amber-800" role="status" data-testid="claim-notice">
            {claimNotice(claim.claimedByName, claim.claimedAt ?? 0)}
          </p>
          {canRelease ? (
            <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="release" />
              <input type="hidden" name="holder" value={claim.claimedById} />
              <label className="grid gap-1">
                <span>Reason (kept in the order&apos;s history)</span>
                <input name="reason" maxLength={RELEASE_REASON_MAX} className="h-10 w-64 max-w-full rounded border border-neutral-300 px-2" />
              </label>
              <button type="submit" disabled={pending} className={`${button} border border-red-600 text-red-700 hover:bg-red-50`}>
                {pending ? "Releasing…" : "Release claim"}
              </button>
            </fetcher.Form>
          ) : (
            <p className="text-neutral-600">Only they can pick it until they stop or the store&apos;s manager releases it.</p>
          )}
        </>
      )}
      {error ? (
        <p className="text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

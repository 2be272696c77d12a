import { useFetcher } from "@remix-run/react";
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { LocationForm, type LocationActionData } from "./LocationForm";

export interface LocationDialogHandle {
  open: (opener: HTMLElement) => void;
}

/**
 * The location form in a native modal `<dialog>` (focus moves into it and stays there, Escape
 * closes it, focus returns to the button that opened it). The forms post through a fetcher: a served
 * pincode answers 303 back to this page, the root loader revalidates and the header changes in
 * place; an unserved one shows its message and the "Tell me when you do" form here.
 */
export const LocationDialog = forwardRef<LocationDialogHandle, { redirectTo: string }>(function LocationDialog({ redirectTo }, ref) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const fetcher = useFetcher<LocationActionData>({ key: "delivery-location" });
  const [generation, setGeneration] = useState(0);
  const [answer, setAnswer] = useState<LocationActionData>();
  const submitted = useRef(false);

  useImperativeHandle(ref, () => ({
    open(from) {
      opener.current = from;
      setGeneration((g) => g + 1);
      setAnswer(undefined);
      dialog.current?.showModal();
    },
  }));

  // Each opening renders a fresh form (key): focus its pincode field once it is there.
  useEffect(() => {
    if (generation) dialog.current?.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
  }, [generation]);

  // A submission that brought no new data redirected: the location is set, or the request stored
  // (after a redirect the fetcher keeps its previous data, so "new" is compared by identity).
  const dataBefore = useRef<LocationActionData | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      if (!submitted.current) dataBefore.current = fetcher.data;
      submitted.current = true;
      return;
    }
    if (!submitted.current) return;
    submitted.current = false;
    if (fetcher.data && fetcher.data !== dataBefore.current) setAnswer(fetcher.data);
    else dialog.current?.close();
  }, [fetcher.state, fetcher.data]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="location-dialog-title"
      onClose={() => opener.current?.focus()}
      className="m-auto w-[min(28rem,calc(100vw-1.5rem))] rounded-lg p-5 shadow-xl backdrop:bg-black/50"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id="location-dialog-title" className="text-lg font-semibold">
          Choose your delivery location
        </h2>
        <button type="button" onClick={() => dialog.current?.close()} className="rounded px-2 py-1 text-sm font-medium hover:bg-neutral-100">
          Close
        </button>
      </div>
      <LocationForm
        key={generation}
        Form={fetcher.Form}
        actionData={answer}
        redirectTo={redirectTo}
        idPrefix="location-dialog"
        pending={fetcher.state !== "idle"}
      />
    </dialog>
  );
});

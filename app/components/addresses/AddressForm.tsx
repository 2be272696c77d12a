import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { AddressLabel } from "~/db/schema";
import { addressLabel } from "~/lib/delivery-address";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { ADDRESS_LABELS, addressSchema } from "~/lib/schemas/address";
import { FormField } from "~/components/forms/FormField";

/** A saved address as the form starts from (the page's row: `address_line` is the street). */
interface AddressDefaults {
  recipient_name?: string;
  mobile?: string;
  house?: string;
  floor?: string;
  building?: string;
  address_line?: string;
  landmark?: string;
  pincode?: string;
  city?: string;
  state?: string;
  label?: AddressLabel;
  latitude?: number | null;
  longitude?: number | null;
}

interface Props {
  intent: "create-address" | "update-address";
  action?: string;
  addressId?: string;
  defaultValue?: AddressDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  redirectTo?: string;
}

type TextField = "recipient_name" | "mobile" | "house" | "floor" | "building" | "street" | "landmark" | "pincode";

const FIELDS: { name: TextField; label: string; autoComplete: string; inputMode?: "numeric" | "tel"; maxLength?: number }[] = [
  { name: "recipient_name", label: "Recipient name", autoComplete: "name" },
  { name: "mobile", label: "Recipient mobile", autoComplete: "tel-national", inputMode: "tel" },
  { name: "house", label: "House or flat number", autoComplete: "address-line1" },
  { name: "floor", label: "Floor (optional)", autoComplete: "off" },
  { name: "building", label: "Building or society (optional)", autoComplete: "address-line2" },
  { name: "street", label: "Street or area", autoComplete: "address-line3" },
  { name: "landmark", label: "Landmark (optional)", autoComplete: "off" },
  { name: "pincode", label: "Pincode", autoComplete: "postal-code", inputMode: "numeric", maxLength: 6 },
];

type Place = { city: string; state: string } | { problem: string } | null;

/**
 * Add/edit a delivery address, validated by the same schema on the server (decision 035). City and
 * state are never typed: they come from the pincode (looked up as it is typed with JavaScript, on
 * save without). The pin is optional and asked of the browser only when the button is pressed.
 */
export function AddressForm({ intent, action, addressId, defaultValue, lastResult, redirectTo }: Props) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { address_line, ...rest } = defaultValue ?? {};
  const [form, fields] = useForm({
    id: `address-${addressId ?? "new"}`,
    lastResult,
    defaultValue: { ...rest, street: address_line, latitude: undefined, longitude: undefined },
    constraint: getZodConstraint(addressSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressSchema }),
  });
  const [pincode, setPincode] = useState(defaultValue?.pincode ?? "");
  const place = usePincodePlace(pincode, defaultValue);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  // As last sent (a refused form keeps it), else as saved.
  const chosenLabel = fields.label.initialValue ?? defaultValue?.label ?? "home";

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value={intent} />
      {addressId ? <input type="hidden" name="_id" value={addressId} /> : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {form.errors?.length ? (
        <p role="alert" className="text-sm text-red-600">
          {form.errors[0]}
        </p>
      ) : null}
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">Save as</legend>
        <div className="flex gap-2">
          {ADDRESS_LABELS.map((label) => (
            <label
              key={label}
              className="flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border border-neutral-300 px-3 has-[:checked]:border-brand has-[:checked]:bg-green-50"
            >
              <input type="radio" name="label" value={label} defaultChecked={label === chosenLabel} />
              {addressLabel({ label })}
            </label>
          ))}
        </div>
      </fieldset>
      {FIELDS.map((f) => (
        <FormField
          label={f.label}
          autoComplete={f.autoComplete}
          inputMode={f.inputMode}
          maxLength={f.maxLength}
          errors={fields[f.name].errors}
          {...getInputProps(fields[f.name], { type: f.name === "mobile" ? "tel" : "text" })}
          onInput={f.name === "pincode" ? (event) => setPincode(event.currentTarget.value.trim()) : undefined}
          key={f.name}
          id={fields[f.name].id}
        />
      ))}
      <PlaceFields formId={form.id} place={place} />
      <PinControl formId={form.id} hydrated={hydrated} initial={defaultValue} />
      <button type="submit" disabled={busy} className="mt-2 h-11 rounded-md bg-brand font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
        {busy ? "Saving…" : "Save address"}
      </button>
    </Form>
  );
}

/** City and state as the pincode gives them: shown, never sent (the server looks them up). */
function PlaceFields({ formId, place }: { formId: string; place: Place }) {
  const known = place && "city" in place ? place : null;
  return (
    <div className="grid gap-1">
      <div className="grid grid-cols-2 gap-3">
        {(["city", "state"] as const).map((key) => (
          <div key={key} className="grid gap-1">
            <label htmlFor={`${formId}-${key}`} className="text-sm font-medium">
              {key === "city" ? "City" : "State"}
            </label>
            <input
              id={`${formId}-${key}`}
              readOnly
              value={known?.[key] ?? ""}
              placeholder="From the pincode"
              aria-describedby={`${formId}-place-note`}
              className="h-10 rounded-md border border-neutral-200 bg-neutral-100 px-3 text-neutral-700"
            />
          </div>
        ))}
      </div>
      <p id={`${formId}-place-note`} aria-live="polite" className={`text-xs ${place && "problem" in place ? "text-red-600" : "text-neutral-600"}`}>
        {place && "problem" in place ? place.problem : "City and state are filled in from the pincode."}
      </p>
    </div>
  );
}

/** With JavaScript, the place of a complete pincode from the store's table; the saved one until it changes. */
function usePincodePlace(pincode: string, saved: AddressDefaults | undefined): Place {
  const [looked, setLooked] = useState<{ pincode: string; place: Place } | null>(null);
  const isSaved = pincode === (saved?.pincode ?? "");
  const complete = /^[1-9][0-9]{5}$/.test(pincode);
  useEffect(() => {
    if (isSaved || !complete) return;
    const controller = new AbortController();
    fetch(`/api/address/place?pincode=${pincode}`, { signal: controller.signal })
      .then(async (res) => {
        const body = (await res.json()) as { message?: string; data?: { city: string; state: string } };
        const place = res.ok && body.data ? { city: body.data.city, state: body.data.state } : { problem: body.message || "Pincode not recognised" };
        setLooked({ pincode, place });
      })
      .catch(() => {
        // Aborted by a newer pincode, or offline: the server checks it on save.
      });
    return () => controller.abort();
  }, [pincode, isSaved, complete]);
  if (isSaved) return saved?.city && saved.state ? { city: saved.city, state: saved.state } : null;
  return complete && looked?.pincode === pincode ? looked.place : null;
}

type Pin = { latitude: number; longitude: number } | null;

/** The optional map pin: the browser's location, asked for only when the shopper presses the button. */
function PinControl({ formId, hydrated, initial }: { formId: string; hydrated: boolean; initial?: AddressDefaults }) {
  const [pin, setPin] = useState<Pin>(
    initial?.latitude != null && initial.longitude != null ? { latitude: initial.latitude, longitude: initial.longitude } : null,
  );
  const [status, setStatus] = useState("");
  const locate = () => {
    if (!("geolocation" in navigator)) return setStatus("This browser cannot share its location.");
    setStatus("Finding your location…");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setPin({ latitude: round(coords.latitude), longitude: round(coords.longitude) });
        setStatus("");
      },
      () => setStatus("Location not shared: the rider will use the address."),
      { enableHighAccuracy: true, timeout: 15000 },
    );
  };
  return (
    <div className="grid gap-1">
      <input type="hidden" name="latitude" value={pin?.latitude ?? ""} />
      <input type="hidden" name="longitude" value={pin?.longitude ?? ""} />
      {pin ? (
        <p className="text-sm" id={`${formId}-pin`}>
          Pinned at {pin.latitude}, {pin.longitude} for the rider.{" "}
          <button type="button" onClick={() => setPin(null)} className="min-h-11 text-brand underline">
            Remove pin
          </button>
        </p>
      ) : null}
      {hydrated ? (
        <button type="button" onClick={locate} className="min-h-11 rounded-md border border-brand px-3 text-sm font-medium text-brand hover:bg-green-50">
          {pin ? "Update pin to my current location" : "Use my current location (optional)"}
        </button>
      ) : null}
      {status ? (
        <p role="status" className="text-xs text-neutral-600">
          {status}
        </p>
      ) : null}
    </div>
  );
}

/** About 1 m: more digits add nothing for a rider. */
function round(value: number) {
  return Math.round(value * 100000) / 100000;
}

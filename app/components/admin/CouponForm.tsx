import { Form } from "@remix-run/react";
import { ScopeChecklist } from "~/components/admin/ScopeChecklist";

/** A coupon as the form shows it (money in rupees, times as IST datetime-local text). */
export interface CouponFormValues {
  id: string | null;
  code: string;
  type: "percent" | "flat";
  value: string;
  minOrder: string;
  maxDiscount: string;
  startsAt: string;
  endsAt: string;
  totalUses: string;
  perShopper: string;
  firstOrderOnly: boolean;
  categories: string[];
  stores: string[];
  active: boolean;
}

interface Props {
  values: CouponFormValues;
  errors: Record<string, string[]> | null;
  scope: { categories: { id: string; name: string }[]; stores: { id: string; name: string }[] };
}

const input = "h-9 rounded-md border border-neutral-300 px-2";

function FieldError({ errors, name }: { errors: Props["errors"]; name: string }) {
  const list = errors?.[name];
  if (!list?.length) return null;
  return (
    <span id={`${name}-error`} className="text-xs text-red-700">
      {list[0]}
    </span>
  );
}

/** The admin's coupon form (create or edit): a plain form, every field of decision 030. */
export function CouponForm({ values, errors, scope }: Props) {
  const field = (name: keyof CouponFormValues, label: string, props: Record<string, unknown> = {}) => (
    <label className="grid gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <input
        name={name}
        defaultValue={String(values[name] ?? "")}
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={errors?.[name] ? `${name}-error` : undefined}
        className={input}
        {...props}
      />
      <FieldError errors={errors} name={name} />
    </label>
  );
  return (
    <Form method="post" className="grid gap-3" aria-label={values.id ? `Edit coupon ${values.code}` : "New coupon"}>
      <input type="hidden" name="intent" value={values.id ? "update" : "create"} />
      {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {field("code", "Code", { required: true, maxLength: 20, autoComplete: "off", className: `${input} uppercase` })}
        <label className="grid gap-1 text-sm">
          <span className="font-medium">Type</span>
          <select name="type" defaultValue={values.type} className={input}>
            <option value="percent">Percent off</option>
            <option value="flat">Flat amount off (₹)</option>
          </select>
          <FieldError errors={errors} name="type" />
        </label>
        {field("value", "Value (percent, or rupees for flat)", { required: true, inputMode: "decimal" })}
        {field("minOrder", "Minimum order (₹)", { inputMode: "decimal" })}
        {field("maxDiscount", "Maximum discount (₹, percent only)", { inputMode: "decimal" })}
        {field("startsAt", "Starts (India time)", { type: "datetime-local", required: true })}
        {field("endsAt", "Ends (India time)", { type: "datetime-local", required: true })}
        {field("totalUses", "Total uses (empty: no limit)", { inputMode: "numeric" })}
        {field("perShopper", "Uses per shopper (empty: no limit)", { inputMode: "numeric" })}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="firstOrderOnly" defaultChecked={values.firstOrderOnly} /> First order only
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={values.active} /> Active
      </label>
      <ScopeChecklist
        name="categories"
        legend="Only for these categories (none ticked: all)"
        options={scope.categories}
        checked={values.categories}
        error={errors?.categories?.[0]}
      />
      <ScopeChecklist
        name="stores"
        legend="Only at these stores (none ticked: all)"
        options={scope.stores}
        checked={values.stores}
        error={errors?.stores?.[0]}
      />
      <button type="submit" className="h-10 rounded-md bg-brand font-semibold text-white hover:bg-brand-dark">
        {values.id ? "Save coupon" : "Create coupon"}
      </button>
    </Form>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CouponForm, type CouponFormValues } from "~/components/admin/CouponForm";
import { FormErrors } from "~/components/forms/FormErrors";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { isId } from "~/lib/ids";
import { formatINR } from "~/lib/money";
import { couponFieldsSchema } from "~/lib/schemas/coupon";
import { couponScopeChoices, createCoupon, deleteCoupon, listCoupons, updateCoupon, type CouponListRow } from "~/server/coupons/coupons.server";
import { readFormData } from "~/server/http/form-data.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { answerErrors, type ActionAnswer } from "~/lib/action-answer";
import { Refusal } from "~/lib/refusal";

export const meta: MetaFunction = () => [{ title: "Coupons | FreshDash" }];

const BACK = "/dashboard/coupons";
const IST_MS = 330 * 60 * 1000;

/** ms → the datetime-local text of that moment in India time. */
const istInput = (ms: number) => new Date(ms + IST_MS).toISOString().slice(0, 16);
const istText = (ms: number) => new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" }).format(ms);

/** ADMIN only: every coupon with its uses so far, and the categories and stores a coupon may be scoped to. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  const scope = { categories: [] as { id: string; name: string }[], stores: [] as { id: string; name: string }[] };
  if (!allowed) return data({ allowed: false as const, coupons: [] as CouponListRow[], scope, now: Date.now() }, { status: 403 });
  const [coupons, choices] = await Promise.all([listCoupons(context), couponScopeChoices(context)]);
  return data({ allowed: true as const, coupons, scope: choices, now: Date.now() });
}

/** The form's fields as the shared schema reads them: an unticked box is false, ticked lists are arrays. */
function couponBody(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    code: text("code"),
    type: text("type"),
    value: text("value"),
    minOrder: text("minOrder"),
    maxDiscount: text("maxDiscount"),
    startsAt: text("startsAt"),
    endsAt: text("endsAt"),
    totalUses: text("totalUses"),
    perShopper: text("perShopper"),
    firstOrderOnly: form.get("firstOrderOnly") === "on",
    active: form.get("active") === "on",
    categories: form.getAll("categories").map(String),
    stores: form.getAll("stores").map(String),
  };
}

/** `create` / `update` (the form) and `delete` (a button per coupon). Placed orders keep what they were charged. */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  await requireAdminAction(request, context);
  const form = await readFormData(request, { repeatable: ["categories", "stores"] });
  const intent = form.get("intent");
  const id = form.get("id");
  if (intent === "delete") {
    if (!isId(id)) return refused(new Refusal("No such coupon", 404));
    const deleted = await attempt(() => deleteCoupon(context, id));
    if (!deleted.ok) return refused(deleted.error);
    return redirectWithToast(context, BACK, { type: "success", text: `Coupon ${deleted.value.code} deleted` });
  }
  if (intent !== "create" && intent !== "update") return refused(new Refusal("Unknown action", 400));
  if (intent === "update" && !isId(id)) return refused(new Refusal("No such coupon", 404));
  const body = couponBody(form);
  const values = { ...body, id: intent === "update" ? String(id) : null } as unknown as CouponFormValues;
  const parsed = couponFieldsSchema.safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    return refused(new Refusal("Check the coupon: " + parsed.error.issues[0]?.message, 400, { fields: errors }), { extra: { values } });
  }
  const saved = await attempt(() => (intent === "update" ? updateCoupon(context, String(id), parsed.data) : createCoupon(context, parsed.data)));
  if (!saved.ok) return refused(saved.error, { extra: { values } });
  return redirectWithToast(context, BACK, { type: "success", text: `Coupon ${saved.value.code} ${intent === "update" ? "saved" : "created"}` });
});

function formValues(coupon: CouponListRow | undefined, now: number): CouponFormValues {
  if (!coupon) {
    return {
      id: null,
      code: "",
      type: "percent",
      value: "",
      minOrder: "",
      maxDiscount: "",
      startsAt: istInput(now),
      endsAt: istInput(now + 30 * 24 * 60 * 60 * 1000),
      totalUses: "",
      perShopper: "1",
      firstOrderOnly: false,
      categories: [],
      stores: [],
      active: true,
    };
  }
  const rupees = (paise: number | null) => (paise === null ? "" : String(paise / 100));
  return {
    id: coupon.id,
    code: coupon.code,
    type: coupon.type,
    value: coupon.type === "percent" ? String(coupon.value) : rupees(coupon.value),
    minOrder: coupon.minOrder ? rupees(coupon.minOrder) : "",
    maxDiscount: rupees(coupon.maxDiscount),
    startsAt: istInput(coupon.startsAt),
    endsAt: istInput(coupon.endsAt),
    totalUses: coupon.totalUses === null ? "" : String(coupon.totalUses),
    perShopper: coupon.perShopper === null ? "" : String(coupon.perShopper),
    firstOrderOnly: coupon.firstOrderOnly,
    categories: coupon.categories,
    stores: coupon.stores,
    active: coupon.active,
  };
}

function status(coupon: CouponListRow, now: number) {
  if (!coupon.active) return "Off";
  if (now < coupon.startsAt) return "Not started";
  if (now >= coupon.endsAt) return "Ended";
  if (coupon.totalUses !== null && coupon.uses >= coupon.totalUses) return "Used up";
  return "Live";
}

export default function AdminCoupons() {
  const { allowed, coupons, scope, now } = useLoaderData<typeof loader>();
  // Typed by hand: Remix's inference keeps only the plainest of several refusal shapes.
  const actionData = useActionData<ActionAnswer<{ values?: CouponFormValues }>>();
  const [params] = useSearchParams();
  if (!allowed) return <PermissionDenied />;
  const editing = coupons.find((c) => c.id === params.get("edit"));
  const values = actionData?.values ?? formValues(editing, now);
  return (
    <section aria-labelledby="coupons-title" className="grid gap-4">
      <div className="flex items-center justify-between bg-white py-2 shadow-sm">
        <h1 id="coupons-title" className="text-lg font-semibold">
          Coupons
        </h1>
        {editing ? (
          <Link to={BACK} className="rounded border border-amber-400 px-3 py-1 text-sm hover:bg-amber-400">
            New coupon
          </Link>
        ) : null}
      </div>
      <FormErrors errors={answerErrors(actionData)} />
      <div className="rounded-lg bg-white p-4">
        <h2 className="mb-3 font-semibold">{values.id ? `Edit ${values.code}` : "New coupon"}</h2>
        <CouponForm key={values.id ?? "new"} values={values} errors={actionData?.error?.fields ?? null} scope={scope} />
      </div>
      <div className="overflow-x-auto rounded-lg bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Coupons and their uses</caption>
          <thead>
            <tr className="border-b">
              <th className="p-2">Code</th>
              <th className="p-2">Offer</th>
              <th className="p-2">Valid</th>
              <th className="p-2">Uses</th>
              <th className="p-2">Status</th>
              <th className="p-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {coupons.map((coupon) => (
              <tr key={coupon.id} className="border-b align-top" data-testid={`coupon-${coupon.code}`}>
                <th scope="row" className="p-2 font-mono">
                  {coupon.code}
                </th>
                <td className="p-2">
                  {coupon.offer}
                  {coupon.categories.length || coupon.stores.length ? (
                    <span className="block text-xs text-neutral-600">
                      {coupon.categories.length ? `${coupon.categories.length} categor${coupon.categories.length === 1 ? "y" : "ies"}` : "All categories"}
                      {", "}
                      {coupon.stores.length ? `${coupon.stores.length} store${coupon.stores.length === 1 ? "" : "s"}` : "all stores"}
                    </span>
                  ) : null}
                </td>
                <td className="p-2 text-xs">
                  {istText(coupon.startsAt)} – {istText(coupon.endsAt)}
                </td>
                <td className="p-2" data-testid="coupon-uses">
                  {coupon.uses}
                  {coupon.totalUses !== null ? ` of ${coupon.totalUses}` : ""}
                  {coupon.perShopper !== null ? <span className="block text-xs text-neutral-600">{coupon.perShopper} per shopper</span> : null}
                  {coupon.maxDiscount !== null ? <span className="sr-only">cap {formatINR(coupon.maxDiscount)}</span> : null}
                </td>
                <td className="p-2">{status(coupon, now)}</td>
                <td className="flex gap-2 p-2">
                  <Link to={`?edit=${coupon.id}`} className="text-brand underline" aria-label={`Edit ${coupon.code}`}>
                    Edit
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="id" value={coupon.id} />
                    <button type="submit" name="intent" value="delete" className="text-red-700 underline" aria-label={`Delete ${coupon.code}`}>
                      Delete
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!coupons.length ? <p className="p-4 text-sm text-neutral-600">No coupons yet.</p> : null}
      </div>
    </section>
  );
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ZeroResultRow } from "~/components/admin/ZeroResultRow";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { insightListSchema, searchInsightActionSchema, type INSIGHT_SORTS } from "~/lib/schemas/search";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { readFormData } from "~/server/http/form-data.server";
import { addSynonymForQuery, dismissZeroResultSearch, listZeroResultSearches, type ZeroResultSearch } from "~/server/search/search-insights.server";
import { redirectWithToast, safeRedirect } from "~/server/http/toast.server";
import { invalid, pageAction, refused } from "~/server/http/page-actions.server";
import { Refusal } from "~/lib/refusal";

export const meta: MetaFunction = () => [{ title: "Search insights | FreshDash" }];

const INSIGHTS_PATH = "/dashboard/search-insights";
const SORT_LABELS: Record<(typeof INSIGHT_SORTS)[number], string> = { frequent: "Most frequent", recent: "Most recent" };

/** ADMIN only: others get the permission message and no data. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  const params = new URL(request.url).searchParams;
  const { sort, page } = insightListSchema.parse({ sort: params.get("sort") ?? undefined, page: params.get("page") ?? undefined });
  if (!allowed) return data({ allowed: false as const, sort, items: [] as ZeroResultSearch[], totalCount: 0, page, totalPages: 1 }, { status: 403 });
  return data({ allowed: true as const, sort, ...(await listZeroResultSearches(context, { sort, page })) });
}

/** A row's form: add a synonym (stored only for a catalogue word) or dismiss; 303 back with a toast. */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  await requireAdminAction(request, context);
  const form = await readFormData(request);
  const back = safeRedirect(form.get("redirectTo"), INSIGHTS_PATH);
  const term = String(form.get("term") ?? "");
  const submission = parseWithZod(form, { schema: searchInsightActionSchema });
  if (submission.status !== "success") return invalid(submission, { extra: { term } });
  const input = submission.value;
  if (input.intent === "dismiss") {
    await dismissZeroResultSearch(context, input.term);
    return redirectWithToast(context, back, { type: "success", text: `Dismissed "${input.term}"` });
  }
  if (!(await addSynonymForQuery(context, input.term, input.canonical))) {
    const message = `No product matches "${input.canonical}": type a word from the catalogue, like "paneer"`;
    return refused(new Refusal(message, 400, { fields: { canonical: [message] } }), { submission, extra: { term } });
  }
  return redirectWithToast(context, back, { type: "success", text: `Synonym added: "${input.term}" now means "${input.canonical}"` });
});

export default function SearchInsights() {
  const { allowed, sort, items, totalCount, page, totalPages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  if (!allowed) return <PermissionDenied />;
  const redirectTo = location.pathname + location.search;
  const pageLink = (n: number) => `?sort=${sort}&page=${n}`;
  return (
    <section aria-labelledby="insights-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 bg-white py-2 shadow-sm">
        <h1 id="insights-title" className="text-lg font-semibold">
          Search insights
        </h1>
        <nav aria-label="Sort" className="flex gap-2 text-sm">
          {(Object.keys(SORT_LABELS) as (keyof typeof SORT_LABELS)[]).map((s) => (
            <Link
              key={s}
              to={`?sort=${s}`}
              aria-current={s === sort ? "page" : undefined}
              className={`rounded border px-3 py-1 ${s === sort ? "border-brand bg-brand text-white" : "border-amber-400 hover:bg-amber-400"}`}
            >
              {SORT_LABELS[s]}
            </Link>
          ))}
        </nav>
      </div>
      <p className="text-sm text-neutral-700">
        Searches that found nothing ({totalCount}). Add a synonym to send a search to a word of the catalogue (e.g. &quot;panneer&quot; means
        &quot;paneer&quot;), or dismiss what the store does not sell.
      </p>
      {items.length ? (
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-neutral-300">
              <th scope="col" className="py-2 pr-2">
                Search text
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Times
              </th>
              <th scope="col" className="py-2 pr-2">
                Last seen
              </th>
              <th scope="col" className="py-2">
                Synonym
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <ZeroResultRow
                key={item.query}
                item={item}
                formId={`insight-${index}`}
                redirectTo={redirectTo}
                lastResult={actionData?.term === item.query ? actionData.result : undefined}
              />
            ))}
          </tbody>
        </table>
      ) : (
        <p className="py-10 text-center font-medium">No zero-result searches to look at</p>
      )}
      {totalPages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-center gap-3 text-sm">
          {page > 1 ? <Link to={pageLink(page - 1)}>Previous</Link> : null}
          <span>
            {page}/{totalPages}
          </span>
          {page < totalPages ? <Link to={pageLink(page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

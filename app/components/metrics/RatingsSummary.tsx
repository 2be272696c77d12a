import type { RatingsSummary as Ratings } from "~/lib/store-metrics";

/**
 * The shoppers' ratings of the day's orders: count and average, how many of each
 * star as a table with a plain bar per row (text first; the bar is decoration), the latest comments.
 */
export function RatingsSummary({ ratings }: { ratings: Ratings }) {
  const most = Math.max(1, ...ratings.byStars);
  return (
    <section aria-labelledby="ratings-title" data-ratings className="grid gap-2 rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-neutral-200">
      <h2 id="ratings-title" className="font-semibold">
        Ratings
      </h2>
      {ratings.count === 0 ? (
        <p data-metric="ratings">No order of this day has been rated yet.</p>
      ) : (
        <>
          <p data-metric="ratings">
            <strong>{ratings.count}</strong> {ratings.count === 1 ? "order" : "orders"} rated, average <strong>{ratings.average?.toFixed(2)} of 5</strong>
          </p>
          <table className="max-w-md text-left">
            <caption className="sr-only">Orders by stars given</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-2">
                  Stars
                </th>
                <th scope="col" className="pr-2 text-right">
                  Orders
                </th>
                <th scope="col">
                  <span className="sr-only">Share</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {[5, 4, 3, 2, 1].map((stars) => {
                const n = ratings.byStars[stars - 1];
                return (
                  <tr key={stars} data-stars={stars}>
                    <th scope="row" className="pr-2 font-normal">
                      {stars} of 5
                    </th>
                    <td className="pr-2 text-right">{n}</td>
                    <td className="w-40" aria-hidden="true">
                      <span className="block h-2 rounded bg-amber-500" style={{ width: `${(n / most) * 100}%` }} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {ratings.latestComments.length ? (
            <>
              <h3 className="font-semibold">Latest comments</h3>
              <ul className="grid gap-1">
                {ratings.latestComments.map((c) => (
                  <li key={c.orderNumber} className="whitespace-pre-line border-l-2 border-neutral-300 pl-2">
                    <span className="text-neutral-700">
                      {c.orderNumber}, {c.rating} of 5:
                    </span>{" "}
                    {c.comment}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

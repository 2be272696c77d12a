import { Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useInfiniteScroll } from "~/lib/hooks/use-infinite-scroll";
import { CardSkeletons } from "./Skeletons";

/**
 * Paging for listings and search: `?page=N+1` makes the server render pages 1..N+1, so a refresh
 * or a shared link shows the same items. Without JavaScript it is a 'Load more' link; with
 * JavaScript the same URL is loaded when the shopper scrolls past 80%.
 */
export function LoadMore({ page, hasMore, skeletons }: { page: number; hasMore: boolean; skeletons: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  params.set("page", String(page + 1));
  const next = `${location.pathname}?${params}`;
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  useInfiniteScroll(hasMore && !loading, () => navigate(next, { replace: true, preventScrollReset: true }));
  if (!hasMore) return null;
  return (
    <div className="mt-4 grid gap-3">
      {loading ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5">
          <CardSkeletons count={skeletons} />
        </div>
      ) : null}
      <Link
        to={next}
        replace
        preventScrollReset
        className="mx-auto flex min-h-11 items-center rounded-md border border-brand px-5 py-2 font-semibold text-brand hover:bg-brand hover:text-white"
      >
        Load more
      </Link>
    </div>
  );
}

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchScroll, type ScrollView } from "../../app/lib/hooks/use-infinite-scroll";

function fakeWindow(scrollHeight: number, innerHeight: number) {
  const target = new EventTarget();
  const view = Object.assign(target, { scrollY: 0, innerHeight, document: { documentElement: { scrollHeight } } });
  const scrollTo = (y: number) => {
    view.scrollY = y;
    target.dispatchEvent(new Event("scroll"));
  };
  return { view: view as unknown as ScrollView & { scrollY: number }, scrollTo };
}

describe("watchScroll", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("loads once the page is scrolled past 80%, not before, and only once", () => {
    const { view, scrollTo } = fakeWindow(1000, 200);
    const onReach = vi.fn();
    watchScroll(view, onReach);
    vi.advanceTimersByTime(200);
    scrollTo(500); // 70%
    expect(onReach).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    scrollTo(700); // 90%
    expect(onReach).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(200);
    scrollTo(800);
    vi.advanceTimersByTime(200);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it("still loads when a single quick scroll lands inside the throttle window", () => {
    const { view, scrollTo } = fakeWindow(1000, 200);
    const onReach = vi.fn();
    watchScroll(view, onReach);
    scrollTo(900); // right after the first check: throttled, so the trailing check must catch it
    expect(onReach).not.toHaveBeenCalled();
    vi.advanceTimersByTime(150);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it("loads at once when the page is already short enough", () => {
    const { view } = fakeWindow(900, 800);
    const onReach = vi.fn();
    watchScroll(view, onReach);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it("stops listening after clean-up", () => {
    const { view, scrollTo } = fakeWindow(1000, 200);
    const onReach = vi.fn();
    const stop = watchScroll(view, onReach);
    scrollTo(900);
    stop();
    vi.advanceTimersByTime(500);
    scrollTo(900);
    expect(onReach).not.toHaveBeenCalled();
  });
});

import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element is in the view or near it (within `margin` screens above or below), for drawing a
 * heavy part only once a person can reach it: false until then, true for good afterwards. An
 * IntersectionObserver says so after the browser's layout, and the heavy part is drawn as a transition: a
 * measure of each element as it was drawn forced a layout in the middle of the page's first task, and the
 * parts in view were then drawn in that same task (a quote's twenty lines on a slow phone, issue 37). The
 * light version looks as the heavy one, so the moment between the two is not seen. Where there is no
 * IntersectionObserver (tests, old browsers) everything is near.
 */
export function useNearView(ref: RefObject<Element | null>, margin = 1): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && startTransition(() => setNear(true)), {
      rootMargin: `${margin * 100}% 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}

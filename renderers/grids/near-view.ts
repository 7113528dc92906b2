import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether an element is in the view or near it (within `margin` screens above or below), for drawing a
 * heavy part only once a person can reach it: false until then, true for good afterwards. The element in
 * view when first drawn is known before the browser paints (no flash of the light version); the others
 * are watched by an IntersectionObserver. Where there is none (tests, old browsers) everything is near.
 */
export function useNearView(ref: RefObject<Element | null>, margin = 1): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const box = element.getBoundingClientRect();
    if (box.bottom > 0 && box.top < window.innerHeight) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: `${margin * 100}% 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}

import { useEffect } from 'react';

/**
 * While `active`, the page behind a native modal dialog does not scroll: showModal() makes it
 * inert but leaves the wheel and touch scrolling it, which Chakra's dialogs prevented. The
 * scrollbar's width becomes the body's padding, so nothing behind moves sideways.
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const { body, documentElement } = document;
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    return () => {
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
    };
  }, [active]);
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { toaster } from '../../lib/toaster.ts';

const ToasterView = lazy(async () => ({
  default: (await import('./toaster-view.tsx')).ToasterView,
}));

/**
 * The toaster, mounted with the first toast: Chakra's Toaster and zag's toast machines are a
 * lazy chunk that pages showing no toast (/login) never download (issue 13). Toasts created
 * before it mounts are not lost: the toaster reads the store's visible toasts when it starts.
 */
export function AppToaster() {
  const [needed, setNeeded] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (needed) return;
    if (toaster.getVisibleToasts().length > 0) {
      setNeeded(true);
      return;
    }
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}

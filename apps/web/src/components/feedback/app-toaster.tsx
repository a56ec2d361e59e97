import { lazy, Suspense, useEffect, useState } from 'react';
import { loadedToastStore, onToastStoreLoaded } from '../../lib/toaster.ts';

const ToasterView = lazy(async () => ({
  default: (await import('./toaster-view.tsx')).ToasterView,
}));

/**
 * The toaster, mounted once the first toast has loaded the store (`lib/toaster.ts`): Chakra's
 * Toaster is a lazy chunk that a page showing no toast (/login) never downloads (issue 13).
 * Toasts created before it mounts are not lost: it reads the store's visible toasts on start.
 */
export function AppToaster() {
  const [store, setStore] = useState(loadedToastStore);
  useEffect(() => {
    if (store) return;
    // The store may have loaded between the render and this effect.
    const loaded = loadedToastStore();
    if (loaded) {
      setStore(loaded);
      return;
    }
    return onToastStoreLoaded(setStore);
  }, [store]);
  if (!store) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView toaster={store} />
    </Suspense>
  );
}

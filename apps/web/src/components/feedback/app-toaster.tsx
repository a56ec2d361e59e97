import { lazy, Suspense, useEffect, useState } from 'react';
import { useSessionStore } from '../../lib/storage.ts';
import { loadedToastStore, onToastStoreLoaded, preloadToastStore } from '../../lib/toaster.ts';

const ToasterView = lazy(async () => ({
  default: (await import('./toaster-view.tsx')).ToasterView,
}));

/**
 * The toaster, mounted once the store is loaded (`lib/toaster.ts`): Chakra's Toaster is a lazy
 * chunk that the public pages, which show no toast, never download (issue 13). A signed-in
 * visitor gets it at once, before any write shows its 'Caricamento'; elsewhere the first toast
 * loads it, and toasts created before it mounts are not lost (it reads the store on start).
 */
export function AppToaster() {
  const [store, setStore] = useState(loadedToastStore);
  const signedIn = useSessionStore((state) => state.token !== null);
  useEffect(() => {
    if (signedIn) preloadToastStore();
  }, [signedIn]);
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

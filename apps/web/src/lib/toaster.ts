import type { CreateToasterReturn } from '@chakra-ui/react';
import { itPublic } from '@lexpath/shared/messages/it-public';
import { errorMessage } from './api-client.ts';

export type ToastStore = CreateToasterReturn;
type ToastOptions = Parameters<ToastStore['create']>[0];

let store: ToastStore | undefined;
let loading = false;
/** Calls made while the store loads, replayed in order (an update must follow its create). */
const pending: Array<(loaded: ToastStore) => void> = [];
const storeListeners = new Set<(loaded: ToastStore) => void>();
let lastId = 0;

function withStore(action: (loaded: ToastStore) => void): void {
  if (store) {
    action(store);
    return;
  }
  pending.push(action);
  if (loading) return;
  loading = true;
  void import('./toast-store.ts').then(({ toastStore }) => {
    store = toastStore;
    for (const queued of pending.splice(0)) queued(toastStore);
    for (const listener of storeListeners) listener(toastStore);
  });
}

/**
 * The app's toaster. Chakra's store and zag's toast machines load with the first toast, so a
 * page that shows none (/login) never downloads them (issue 13); calls made meanwhile wait for
 * it, in order. `create` answers the toast's id at once, as Chakra's does.
 */
export const toaster = {
  create(options: ToastOptions): string {
    lastId += 1;
    const id = options.id ?? `toast-${lastId}`;
    withStore((loaded) => loaded.create({ ...options, id }));
    return id;
  },
  update(id: string, options: ToastOptions): void {
    withStore((loaded) => loaded.update(id, options));
  },
  dismiss(id?: string): void {
    withStore((loaded) => loaded.dismiss(id));
  },
  /** Removes the toast at once (every toast without an id), without its exit animation. */
  remove(id?: string): void {
    if (!store && id === undefined) {
      // Nothing is shown yet: forget what waits for the store.
      pending.length = 0;
      return;
    }
    withStore((loaded) => loaded.remove(id));
  },
};

/**
 * Loads the store, and so the toaster, before any toast: the signed-in areas' writes show a
 * 'Caricamento' toast at once (SPEC §8), which must not wait for a download.
 */
export function preloadToastStore(): void {
  withStore(() => {});
}

/** The store once a toast has loaded it, for the toaster that renders it. */
export function loadedToastStore(): ToastStore | undefined {
  return store;
}

/** Calls `listener` when the first toast has loaded the store; answers the unsubscribe. */
export function onToastStoreLoaded(listener: (loaded: ToastStore) => void): () => void {
  storeListeners.add(listener);
  return () => storeListeners.delete(listener);
}

/** The failure toast of SPEC §8: 'Si è verificato un problema' with the server's message. */
export function notifyFailure(error: unknown): void {
  toaster.create({
    type: 'error',
    title: itPublic.toast.failureTitle,
    description: errorMessage(error),
    closable: true,
  });
}

import type { TSessionUser } from '@lexpath/shared/schemas/auth';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { CONTRACT_STATUS, type TContractStatus } from '@lexpath/shared/statuses';
import { create } from 'zustand';
import { createJSONStorage, type PersistStorage, persist } from 'zustand/middleware';

/**
 * Client state of SPEC §3. Tokens and the user live in localStorage under the keys the
 * original client used (`userToken`, `userRefreshToken`, `user`); the new template draft and
 * master files too; the new contract, new category and category search in sessionStorage.
 */
export const STORAGE_KEYS = {
  token: 'userToken',
  refreshToken: 'userRefreshToken',
  user: 'user',
  templateDraft: 'newTemplate',
  masterFiles: 'masterFiles',
  newContract: 'newContract',
  newCategory: 'newCategory',
  categorySearch: 'categorySearch',
} as const;

/** Storage may be missing (Node tests, private modes that throw): then state stays in memory. */
function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return globalThis[kind] ?? undefined;
  } catch {
    return undefined;
  }
}

export interface TokenPair {
  token: string;
  refreshToken: string;
}

interface SessionData {
  token: string | null;
  refreshToken: string | null;
  user: TSessionUser | null;
}

export interface SessionState extends SessionData {
  signIn(tokens: TokenPair, user: TSessionUser): void;
  setTokens(tokens: TokenPair): void;
  setUser(user: TSessionUser): void;
  /** Forgets tokens and user: a failed refresh or a logout. */
  clear(): void;
}

function writeRaw(storage: Storage, key: string, value: string | null): void {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
}

function readUser(raw: string | null): TSessionUser | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as TSessionUser;
  } catch {
    return null;
  }
}

/** Keeps each session item under its own raw key instead of zustand's single JSON blob. */
const sessionPersistence: PersistStorage<SessionData> = {
  getItem: () => {
    const storage = browserStorage('localStorage');
    if (!storage) return null;
    return {
      state: {
        token: storage.getItem(STORAGE_KEYS.token),
        refreshToken: storage.getItem(STORAGE_KEYS.refreshToken),
        user: readUser(storage.getItem(STORAGE_KEYS.user)),
      },
      version: 0,
    };
  },
  setItem: (_name, { state }) => {
    const storage = browserStorage('localStorage');
    if (!storage) return;
    writeRaw(storage, STORAGE_KEYS.token, state.token);
    writeRaw(storage, STORAGE_KEYS.refreshToken, state.refreshToken);
    writeRaw(storage, STORAGE_KEYS.user, state.user ? JSON.stringify(state.user) : null);
  },
  removeItem: () => {
    const storage = browserStorage('localStorage');
    if (!storage) return;
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user]) {
      storage.removeItem(key);
    }
  },
};

const noSession: SessionData = { token: null, refreshToken: null, user: null };

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...noSession,
      signIn: (tokens, user) => set({ ...tokens, user }),
      setTokens: (tokens) => set(tokens),
      setUser: (user) => set({ user }),
      clear: () => set(noSession),
    }),
    {
      name: 'session',
      storage: sessionPersistence,
      partialize: ({ token, refreshToken, user }) => ({ token, refreshToken, user }),
    },
  ),
);

/** A resettable persisted store: `value` plus `set` (merge) and `reset`. */
interface ValueStore<T> {
  value: T;
  set(patch: Partial<T>): void;
  reset(): void;
}

function createValueStore<T>(name: string, kind: 'localStorage' | 'sessionStorage', initial: T) {
  return create<ValueStore<T>>()(
    persist(
      (set) => ({
        value: initial,
        set: (patch) => set((state) => ({ value: { ...state.value, ...patch } })),
        reset: () => set({ value: initial }),
      }),
      {
        name,
        storage: createJSONStorage(() => browserStorage(kind) ?? memoryStorage()),
        partialize: ({ value }) => ({ value }),
      },
    ),
  );
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

/** New template draft (SPEC §3). Questions follow the shared question schema. */
export interface TemplateDraft {
  name: string;
  description: string;
  categoryId: string;
  price: string;
  stripe_url: string;
  json_questions: unknown[];
  min_questions: string;
  max_questions: string;
  min_time: string;
  max_time: string;
  /**
   * A document set's companion documents, in order: their names and stored files (the files
   * picked and not yet uploaded are kept in memory by `key`). Absent in drafts kept before sets.
   */
  documents?: DraftCompanion[];
  /** The main document's name in a set; '' for the template's title. */
  document_name?: string;
}

/** A companion document in the master form: `file_name` and `title` are '' until uploaded. */
export interface DraftCompanion {
  key: string;
  name: string;
  file_name: string;
  title: string;
}

export const emptyTemplateDraft: TemplateDraft = {
  name: '',
  description: '',
  categoryId: '',
  price: '',
  stripe_url: '',
  json_questions: [],
  min_questions: '',
  max_questions: '',
  min_time: '',
  max_time: '',
  documents: [],
};

export const useTemplateDraftStore = createValueStore(
  STORAGE_KEYS.templateDraft,
  'localStorage',
  emptyTemplateDraft,
);

export interface MasterFiles {
  file_name: string;
  preview_name: string;
  file_name_blob_url: string;
  preview_name_blob_url: string;
}

export const useMasterFilesStore = createValueStore<MasterFiles>(
  STORAGE_KEYS.masterFiles,
  'localStorage',
  { file_name: '', preview_name: '', file_name_blob_url: '', preview_name_blob_url: '' },
);

/** The contract being compiled (SPEC §3); answers map a question variable to its answer. */
export interface NewContract {
  id: string;
  type: string;
  title: string;
  answers: TAnswers;
  paymentId: string;
  maxQuestions: number;
  status: TContractStatus;
  /**
   * The questions asked so far, by variable: the contract detail names each answer's question
   * but not its type, and the summary formats a typed answer by it (DESIGN §12).
   */
  questions?: Record<string, TNextQuestion>;
  /** Answers taken back ('Indietro', a change in the summary): shown again when re-asked. */
  drafts?: TAnswers;
  /**
   * The one answer being changed from the summary when no condition reads it, or only its number
   * of items (issue 11): the questionnaire asks it alone and the other answers stay.
   */
  editing?: { variable: string; dependence: 'none' | 'count' };
  /**
   * A draft resumed after its template got a newer version: the version it started on, whose
   * questions it keeps asking (absent when it is the template's current version).
   */
  versionId?: string;
  /** The questions filled from the register («Scegli dall'anagrafica»): not offered to save again. */
  fromRegister?: string[];
}

export const emptyNewContract: NewContract = {
  id: '',
  type: '',
  title: '',
  answers: {},
  paymentId: '',
  maxQuestions: 0,
  status: CONTRACT_STATUS.toComplete,
  // Named, so that `set({ ...emptyNewContract, … })` clears what a previous document left.
  questions: undefined,
  drafts: undefined,
  editing: undefined,
  versionId: undefined,
  fromRegister: undefined,
};

export const useNewContractStore = createValueStore(
  STORAGE_KEYS.newContract,
  'sessionStorage',
  emptyNewContract,
);

export interface NewCategory {
  id: string;
  name: string;
}

export const useNewCategoryStore = createValueStore<NewCategory>(
  STORAGE_KEYS.newCategory,
  'sessionStorage',
  { id: '', name: '' },
);

/** The list filters: free text and a category id ('' for all). */
export interface CategorySearch {
  value: string;
  category: string;
}

export const useCategorySearchStore = createValueStore<CategorySearch>(
  STORAGE_KEYS.categorySearch,
  'sessionStorage',
  { value: '', category: '' },
);

/** Logout: every store back to its default, then both browser storages emptied (SPEC §2). */
export function clearClientState(): void {
  useSessionStore.getState().clear();
  for (const store of [
    useTemplateDraftStore,
    useMasterFilesStore,
    useNewContractStore,
    useNewCategoryStore,
    useCategorySearchStore,
  ]) {
    store.getState().reset();
  }
  browserStorage('localStorage')?.clear();
  browserStorage('sessionStorage')?.clear();
}

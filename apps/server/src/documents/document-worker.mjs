// The entry of a document worker thread (see document-pool.ts). Workers run plain JavaScript:
// the compiled server (apps/server/dist) hands them its compiled tasks; from source, neither
// `tsx src/server.ts` nor Vitest's transform reaches a new thread in every setup, so the
// TypeScript task module is loaded through tsx's scoped loader, which affects this import only.
import { workerData } from 'piscina';

async function loadTasks() {
  if (workerData?.tasksModule) return import(workerData.tasksModule);
  const { tsImport } = await import('tsx/esm/api');
  return tsImport('./document-tasks.ts', import.meta.url);
}

const { runDocumentTask } = await loadTasks();

export default runDocumentTask;

// The entry of a document worker thread (see document-pool.ts). Workers run plain JavaScript:
// neither `tsx src/server.ts` nor Vitest's transform reaches a new thread in every setup, so
// the TypeScript task module is loaded through tsx's scoped loader, which affects this import
// only.
import { tsImport } from 'tsx/esm/api';

const { runDocumentTask } = await tsImport('./document-tasks.ts', import.meta.url);

export default runDocumentTask;

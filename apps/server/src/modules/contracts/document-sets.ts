import { it } from '@lexpath/shared';
import PizZip from 'pizzip';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeFileName } from '../files/content-disposition.ts';
import { findCompanions } from '../templates/templates.service.ts';

/** One document of a contract's set: document 1 is the version's master. */
export type SetDocument = { position: number; name: string; masterSha256: string };

/**
 * The documents of a version in order: its master (named by the version, or after the template
 * as every template made before sets is), then its companions. One entry for a set of one.
 */
export async function findSetDocuments(
  db: DbExecutor,
  version: {
    templateVersionId: string;
    masterSha256: string;
    documentName: string | null;
    templateName: string;
  },
): Promise<SetDocument[]> {
  const companions = await findCompanions(db, version.templateVersionId);
  return [
    {
      position: 1,
      name: version.documentName ?? version.templateName,
      masterSha256: version.masterSha256,
    },
    ...companions.map(({ position, name, masterSha256 }) => ({ position, name, masterSha256 })),
  ];
}

/** Document `position` of the set, or a 404 saying how many documents the set holds. */
export function pickSetDocument(set: readonly SetDocument[], position: number): SetDocument {
  const found = set.find((document) => document.position === position);
  if (!found) throw new AppError('notFound', it.documentSets.documentNotFound(set.length));
  return found;
}

/**
 * The set as one .zip: each document's .docx named after its document (two documents of one
 * name cannot happen, the names are unique in a version, but a name made unsafe by its
 * characters could meet another: a number keeps them apart).
 */
export function zipSet(files: readonly { name: string; bytes: Buffer }[], date: Date): Buffer {
  const zip = new PizZip();
  const taken = new Set<string>();
  for (const file of files) {
    const base = safeFileName(file.name);
    let name = `${base}.docx`;
    for (let n = 2; taken.has(name.toLocaleLowerCase('it')); n += 1) name = `${base} (${n}).docx`;
    taken.add(name.toLocaleLowerCase('it'));
    zip.file(name, file.bytes, { date, binary: true });
  }
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * Writes the demo templates' files (master, watermarked preview, questions, catalogue data) from
 * their sources: `npx tsx apps/server/scripts/build-demo-templates.ts`. The output is
 * byte-identical on every run, and a test fails while the committed files are out of date.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDemoTemplateFiles, DEMO_TEMPLATES } from '../demo-templates/catalog.ts';

const DEMO_TEMPLATES_DIR = fileURLToPath(new URL('../demo-templates/', import.meta.url));

const builds = [
  ...DEMO_TEMPLATES.map((source) => ({
    slug: source.slug,
    build: () => buildDemoTemplateFiles(source),
  })),
];

for (const source of builds) {
  const folder = path.join(DEMO_TEMPLATES_DIR, source.slug);
  await mkdir(folder, { recursive: true });
  const files = source.build();
  for (const [name, bytes] of Object.entries(files)) {
    await writeFile(path.join(folder, name), bytes);
  }
  console.log(`${source.slug}: ${Object.keys(files).join(', ')}`);
}

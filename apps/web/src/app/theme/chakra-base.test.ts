// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultConfig, defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { appSystem } from '../theme.ts';

const system = appSystem();

const webSrc = fileURLToPath(new URL('../..', import.meta.url));
// The ESM build: its index names each export's module (`./components/table/namespace.js`).
const chakraEsm = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every value the app's sources import from '@chakra-ui/react' (`Table`, `IconButton`, …). */
function chakraNamesTheAppImports(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(webSrc)) {
    const source = readFileSync(file, 'utf8');
    for (const [, list = ''] of source.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g,
    )) {
      for (const item of list.split(',')) {
        const name =
          item
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '';
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** Chakra's own index: which module each exported name comes from. */
function chakraExportModules(): Map<string, string> {
  const index = readFileSync(path.join(chakraEsm, 'index.js'), 'utf8');
  const modules = new Map<string, string>();
  const namespaces = new Map<string, string>();
  for (const [, alias = '', from = ''] of index.matchAll(/import \* as (\S+) from '([^']+)'/g)) {
    namespaces.set(alias, from);
  }
  for (const [, list = '', from] of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const item of list.split(',')) {
      const [local = '', exported = local] = item.trim().split(/\s+as\s+/);
      const module = from ?? namespaces.get(local);
      if (module) modules.set(exported.trim(), module);
    }
  }
  return modules;
}

/** The recipe keys a component's folder asks the system for (`key: "table"`). */
function recipeKeysOf(module: string): string[] {
  const dir = path.dirname(path.join(chakraEsm, module));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) =>
      [...readFileSync(path.join(dir, file), 'utf8').matchAll(/key: "([^"]+)"/g)].map(
        ([, key = '']) => key,
      ),
    );
}

describe('the Chakra recipes the system keeps (issue 13)', () => {
  it('has the recipe of every Chakra component the app renders', () => {
    const modules = chakraExportModules();
    const styled = new Set([
      ...Object.keys(defaultConfig.theme?.recipes ?? {}),
      ...Object.keys(defaultConfig.theme?.slotRecipes ?? {}),
    ]);
    const needed = new Map<string, string>();
    for (const name of chakraNamesTheAppImports()) {
      const module = modules.get(name);
      if (!module?.startsWith('./components/')) continue;
      for (const key of recipeKeysOf(module)) if (styled.has(key)) needed.set(key, name);
    }
    // The scan must see the app's components, or the test proves nothing.
    expect(needed.get('button')).toBeDefined();
    expect(needed.get('table')).toBe('Table');
    const missing = [...needed].filter(
      ([key]) => !system.isRecipe(key) && !system.isSlotRecipe(key),
    );
    expect(missing, 'recipe key, component').toEqual([]);
  });

  it('leaves out the recipes of components the app does not use', () => {
    expect(system.isSlotRecipe('colorPicker')).toBe(false);
    expect(system.isSlotRecipe('carousel')).toBe(false);
  });
});

type CssBlock = Record<string, Record<string, string>>;

/** The rules of a system's `tokens` layer: selector → CSS variables. */
function tokenRules(css: unknown): CssBlock {
  return (css as Record<string, CssBlock>)['@layer tokens'] ?? {};
}

describe('the semantic tokens of a light-only app (issue 13)', () => {
  it("declares every light value of Chakra's semantic tokens on the root, and no dark rule", () => {
    const chakraLight = tokenRules(defaultSystem.getTokenCss())[':root &, .light &'] ?? {};
    const ours = tokenRules(system.getTokenCss());
    const root = ours['&:where(html, .chakra-theme)'] ?? {};
    // The check must see Chakra's light rule, or it proves nothing.
    expect(Object.keys(chakraLight).length).toBeGreaterThan(100);
    const differing = Object.entries(chakraLight).filter(([name, value]) => root[name] !== value);
    expect(differing).toEqual([]);
    expect(Object.keys(ours).filter((selector) => selector.includes('.dark'))).toEqual([]);
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const SOURCES = path.join(ROOT, 'src');
/** The identifier the build replaces with the sprite's URL (`components/ui/lucide-icon.tsx`). */
const URL_CONSTANT = '__ICON_SPRITE_URL__';

type IconNode = readonly (readonly [tag: string, attributes: Record<string, string>])[];
interface IconData {
  name: string;
  size?: number;
  node: IconNode;
}

/**
 * One SVG file with every Lucide icon the app imports, each a `<symbol>` named as Lucide names it
 * (issue 20, decision 045). An icon drawn inside `IconsFromSprite` is then a `<use>` of it instead
 * of its whole drawing: the home page's sections below the first screen draw 30 icons, 5 KB of its
 * HTML, from one cached file. The sprite is made from the sources' `lucide-react` imports, so the
 * browser build and the server renderer's build, which bundle different code, agree on its name.
 */
export function lucideIconSprite(): Plugin {
  let sprite: { fileName: string; source: string } | undefined;
  let ssr = false;
  return {
    name: 'capstan:lucide-icon-sprite',
    async config() {
      sprite = await makeSprite();
      return { define: { [URL_CONSTANT]: JSON.stringify(`/${sprite.fileName}`) } };
    },
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (sprite === undefined || request.url !== `/${sprite.fileName}`) return next();
        response.setHeader('Content-Type', 'image/svg+xml');
        response.end(sprite.source);
      });
    },
    generateBundle() {
      // The server serves the browser build only; its renderer needs just the name.
      if (!ssr && sprite !== undefined)
        this.emitFile({ type: 'asset', fileName: sprite.fileName, source: sprite.source });
    },
  };
}

async function makeSprite(): Promise<{ fileName: string; source: string }> {
  const lucideDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')),
    'dist/esm',
  );
  const lucideEntry = await readLucideEntry(lucideDir);
  const files = new Set<string>();
  for (const name of await importedIconNames()) {
    const file = lucideEntry.get(name);
    if (file !== undefined) files.add(file);
  }
  const icons: IconData[] = [];
  for (const file of [...files].sort()) {
    const module = (await import(pathToFileURL(path.join(lucideDir, 'icons', file)).href)) as { __iconData: IconData };
    icons.push(module.__iconData);
  }
  const symbols = icons.map((icon) => {
    const side = icon.size ?? 24;
    const children = icon.node.map(([tag, attributes]) => `<${tag}${attributesOf(attributes)}/>`).join('');
    return `<symbol id="${icon.name}" viewBox="0 0 ${side} ${side}">${children}</symbol>`;
  });
  const source = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
  const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 8);
  return { fileName: `assets/icons-${hash}.svg`, source };
}

function attributesOf(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .filter(([name]) => name !== 'key')
    .map(
      ([name, value]) =>
        ` ${name}="${String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`,
    )
    .join('');
}

/** lucide-react's exported names (`Wrench`, `WrenchIcon`, `LucideWrench`, aliases) → icon file. */
async function readLucideEntry(lucideDir: string): Promise<Map<string, string>> {
  const entry = await fs.readFile(path.join(lucideDir, 'lucide-react.mjs'), 'utf8');
  const files = new Map<string, string>();
  for (const match of entry.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+\.mjs)'/g)) {
    for (const binding of match[1]!.matchAll(/default as (\w+)/g)) files.set(binding[1]!, match[2]!);
  }
  return files;
}

/** The names the app's sources import from `lucide-react`. */
async function importedIconNames(): Promise<Set<string>> {
  const names = new Set<string>();
  const entries = await fs.readdir(SOURCES, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const text = await fs.readFile(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)) {
      for (const part of match[1]!.split(',')) {
        const name = /^\s*(?:type\s+)?(\w+)/.exec(part)?.[1];
        if (name !== undefined && !part.trim().startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

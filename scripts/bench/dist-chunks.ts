import fs from 'node:fs';
import path from 'node:path';

export interface ChunkMap {
  /** Asset file names (no folder) only the admin lazy imports reach. */
  adminChunks: Set<string>;
  source: 'vite-manifest' | 'chunk-graph';
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const base = (file: string) => path.posix.basename(file);

/**
 * Admin code = what the admin lazy imports reach that no public code path reaches. The public
 * side follows static and lazy imports from the entry but does not enter the admin roots, so
 * chunks shared with lazily loaded public routes (a dialog, a hook) are not counted as admin.
 */
function fromManifest(manifest: Record<string, ManifestChunk>): Set<string> {
  const keys = Object.keys(manifest);
  const adminRoots = new Set(
    keys.filter((key) => manifest[key]!.isDynamicEntry && /admin/i.test(manifest[key]!.src ?? key)),
  );
  const closure = (roots: string[], skip: Set<string>) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key) || skip.has(key)) return;
      seen.add(key);
      [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(visit);
    };
    roots.forEach(visit);
    return seen;
  };
  const publicKeys = closure(
    keys.filter((key) => manifest[key]!.isEntry),
    adminRoots,
  );
  const files = new Set<string>();
  for (const key of closure([...adminRoots], new Set())) {
    if (publicKeys.has(key)) continue;
    const chunk = manifest[key]!;
    files.add(base(chunk.file));
    for (const css of chunk.css ?? []) files.add(base(css));
  }
  return files;
}

/** Asset names a built chunk refers to: static imports, import() and Vite's preload lists. */
function references(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/["'](?:\.\/|\/?assets\/)([\w.-]+\.(?:js|css))["']/g)) found.add(match[1]!);
  return [...found];
}

function fromChunkGraph(distDir: string): Set<string> {
  const assets = path.join(distDir, 'assets');
  const read = (name: string) => fs.readFileSync(path.join(assets, name), 'utf8');
  const adminRoots = new Set(fs.readdirSync(assets).filter((name) => /^admin-.*\.(js|css)$/.test(name)));
  const closure = (roots: string[], skip: Set<string>) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name) || skip.has(name) || !fs.existsSync(path.join(assets, name))) return;
      seen.add(name);
      if (name.endsWith('.js')) for (const next of references(read(name))) visit(next);
    };
    roots.forEach(visit);
    return seen;
  };
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entryAssets = [...html.matchAll(/\/assets\/([\w.-]+\.(?:js|css))/g)].map((m) => m[1]!);
  const publicAssets = closure(entryAssets, adminRoots);
  return new Set([...closure([...adminRoots], new Set())].filter((name) => !publicAssets.has(name)));
}

/** Prefers Vite's manifest; without one, walks the import graph from the admin-* chunks. */
export function findAdminChunks(distDir: string): ChunkMap {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (fs.existsSync(manifestPath)) {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    return { adminChunks: fromManifest(manifest), source: 'vite-manifest' };
  }
  return { adminChunks: fromChunkGraph(distDir), source: 'chunk-graph' };
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * What the server reads of a web build, besides the page template and the server renderer a test
 * writes itself: Vite's manifest naming the app's entry, the loader and the stylesheet, and those
 * files (empty). Tests that stand in for the real build (to test the server's own head, routes or
 * static files) call this on their build folder.
 */
export function writeStandInManifest(distDir: string, css = ''): void {
  fs.mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(distDir, '.vite'), { recursive: true });
  const files = {
    entry: 'assets/index-stand-in.js',
    loader: 'assets/deferred-start-stand-in.js',
    css: 'assets/style-stand-in.css',
  };
  fs.writeFileSync(path.join(distDir, files.entry), '');
  fs.writeFileSync(path.join(distDir, files.loader), '');
  fs.writeFileSync(path.join(distDir, files.css), css);
  const manifest = {
    'index.html': { file: files.entry, isEntry: true },
    'src/boot/deferred-start.ts': { file: files.loader, isEntry: true },
    'style.css': { file: files.css },
  };
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SLIM_ICON = fileURLToPath(new URL('./src/components/ui/lucide-icon.tsx', import.meta.url));
const CREATE_LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.mjs$/;

/**
 * Builds every Lucide icon with `components/ui/lucide-icon.tsx` instead of lucide-react's own
 * `Icon`, which writes nine fixed attributes on each one (decision 042). The icons' drawings,
 * names and props are Lucide's, unchanged. Only the build (browser and server renderer) swaps it:
 * `vite` in development prebundles lucide-react, and the web tests load its CommonJS build through
 * Node, so both keep Lucide's attributes, which draw the same icon.
 */
export function slimLucideIcons(): Plugin {
  return {
    name: 'capstan:slim-lucide-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './Icon.mjs' && importer !== undefined && CREATE_LUCIDE_ICON.test(importer)) return SLIM_ICON;
      return null;
    },
  };
}

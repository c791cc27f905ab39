import type { ReactNode } from 'react';

/**
 * What the home page shows before any scroll: the server inlines the CSS of this markup only, and
 * the sections below (`below-fold`) wait for the whole stylesheet (decision 059). The attribute is
 * beasties' marker for the part of a page its critical CSS is cut for; `contents` keeps the
 * wrapper out of the layout. Pages without it get the CSS of all their markup.
 */
export function FirstScreen({ children }: { children: ReactNode }) {
  return (
    <div data-beasties-container="" className="contents">
      {children}
    </div>
  );
}

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import { LIST_SEARCH_MAX_LENGTH } from '@capstan/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { searchTermOf, TAB_MESSAGES, type CatalogueTab } from '../lib/catalogue-items';

type CatalogueSearchBoxProps = {
  /** The tab searched, which the label and placeholder name: 'Search spare parts'. */
  tab: CatalogueTab;
  /** The text the box shows at first and after each change of `resetKey`; in between it keeps its own. */
  text: string;
  /** Changed when the search changed from outside the box (Back/Forward, Clear Search). */
  resetKey: number;
  /** The search the results on screen answer: while the typed text is another, the box shows it is busy. */
  shownTerm: string;
  onTextChange: (value: string) => void;
  /** The visitor is done typing for now: the box was left, or Enter pressed. */
  onCommit: (value: string) => void;
};

// Made once: a keystroke re-renders this box, and React skips an element it has already rendered.
const SEARCH_ICON = (
  <Search
    aria-hidden="true"
    className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
  />
);
const CLEAR_ICON = <X aria-hidden="true" className="size-4" />;

/**
 * The catalogue's search box. It keeps what is typed in its own state, so a keystroke re-renders
 * this box alone and the letter shows at once; the screen is told in `onTextChange` and updates
 * its results in a transition (use-catalogue-params.ts).
 */
export function CatalogueSearchBox({
  tab,
  text: outsideText,
  resetKey,
  shownTerm,
  onTextChange,
  onCommit,
}: CatalogueSearchBoxProps) {
  const { t } = useT();
  const [text, setText] = useState(outsideText);
  const [seenResetKey, setSeenResetKey] = useState(resetKey);
  if (resetKey !== seenResetKey) {
    setSeenResetKey(resetKey);
    setText(outsideText);
  }
  const change = (value: string) => {
    setText(value);
    onTextChange(value);
  };

  // The catalogue's app starts at the visitor's first input (decision 009): letters typed before it
  // took the page over are in the field and nowhere else. They are searched for as if just typed.
  const inputRef = useRef<HTMLInputElement>(null);
  const takeOverTypedText = useEffectEvent(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== text) change(typed);
  });
  useEffect(() => takeOverTypedText(), []);

  return (
    <>
      <Label htmlFor="catalogue-search" className="sr-only">
        {t(TAB_MESSAGES[tab].search)}
      </Label>
      {SEARCH_ICON}
      <Input
        ref={inputRef}
        id="catalogue-search"
        type="search"
        name="q"
        enterKeyHint="search"
        value={text}
        onChange={(event) => change(event.target.value)}
        onBlur={(event) => onCommit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit(event.currentTarget.value);
        }}
        maxLength={LIST_SEARCH_MAX_LENGTH}
        placeholder={t(TAB_MESSAGES[tab].searchPlaceholder)}
        autoComplete="off"
        // One clear button: ours, which also resets the URL; not the browser's own as well.
        className={cn(
          // Room on the right for what shows there: the clear button, and the spinner beside it.
          text === '' ? 'pr-9' : 'pr-16',
          'pl-9 [&::-webkit-search-cancel-button]:appearance-none',
        )}
      />
      {searchTermOf(text) !== shownTerm ? (
        <span className={cn('absolute top-1/2 -translate-y-1/2', text === '' ? 'right-3' : 'right-9')}>
          <Spinner size="sm" />
          <span className="sr-only">{t('catalogue.searching')}</span>
        </span>
      ) : null}
      {text !== '' ? (
        <button
          type="button"
          onClick={() => change('')}
          aria-label={t('catalogue.clearSearchText')}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {CLEAR_ICON}
        </button>
      ) : null}
    </>
  );
}

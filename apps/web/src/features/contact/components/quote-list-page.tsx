import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, ClipboardList } from 'lucide-react';
import { QUOTE_PAGE_LINES_PARAM, QUOTE_QUANTITY_MAX, quoteQuantity, type QuoteItemKind } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { type MessageKey, useLocalizedHref, useT } from '@/lib/i18n';
import { changeQuoteLines, clearQuoteList, type QuoteListLine, useRenderedQuoteList } from '@/lib/quote-list';
import { useSiteSettings } from '@/lib/site-settings';
import { type QuoteListItem, useQuoteItems } from '../api/get-quote-items';
import { ContactForm, InquiryThanks } from './contact-form';

const KIND_LABELS: Record<QuoteItemKind, MessageKey> = {
  machine: 'quoteList.kindMachine',
  spare: 'quoteList.kindSpare',
  service: 'quoteList.kindService',
};

/** The page's title, in English the same the server puts in the head: `Your quote list | Company`. */
function useQuoteListTitle() {
  const { t } = useT();
  const companyName = useSiteSettings()?.company.name ?? '';
  const title = companyName === '' ? t('quoteList.title') : `${t('quoteList.title')} | ${companyName}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * One line: its own small form to `POST /quote/lines` (Update sends `action=set`, Remove
 * `action=remove`, back to this page), so it works without the app; with the app both act in place.
 * `item` null: the item left the catalogue since it was added; it can only be removed.
 */
function QuoteLine({
  line,
  item,
  onChanged,
}: {
  line: QuoteListLine;
  item: QuoteListItem | null;
  onChanged: (message: string, removed: boolean) => void;
}) {
  const { t } = useT();
  const localize = useLocalizedHref();
  const quantityId = useId();
  const name = item?.name ?? t('quoteList.goneItem');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const action = submitter instanceof HTMLButtonElement && submitter.value === 'remove' ? 'remove' : 'set';
    if (action === 'remove') {
      changeQuoteLines('remove', line.id);
      onChanged(t('quoteList.removed', { name }), true);
      return;
    }
    const typed = new FormData(event.currentTarget).get('quantity');
    const quantity = quoteQuantity(typeof typed === 'string' ? typed : '');
    if (quantity === null) {
      toast({ variant: 'destructive', title: t('quote.badQuantity', { max: QUOTE_QUANTITY_MAX }) });
      return;
    }
    changeQuoteLines('set', line.id, quantity);
    onChanged(t('quoteList.updated', { name, quantity }), false);
  };

  return (
    <li className="flex gap-3 rounded-lg border bg-card p-3 shadow-sm sm:gap-4 sm:p-4">
      {item ? (
        <img
          src={item.image}
          alt=""
          width={96}
          height={72}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] h-auto w-16 shrink-0 self-start rounded-md bg-muted object-cover sm:w-24"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {item ? (
          <div className="min-w-0">
            <Link to={paths.product(item.id)} className="font-semibold break-words text-primary hover:underline">
              {item.name}
            </Link>
            <p className="text-xs text-muted-foreground">
              {t(KIND_LABELS[item.kind])}
              {item.code === null ? null : (
                <>
                  {' · '}
                  <span className="font-mono">{item.code}</span>
                </>
              )}
            </p>
          </div>
        ) : (
          <div>
            <p className="font-semibold">{t('quoteList.gone')}</p>
            <p className="text-sm text-muted-foreground">{t('quoteList.goneHint')}</p>
          </div>
        )}
        <form
          method="post"
          action={paths.quoteLines}
          onSubmit={onSubmit}
          aria-label={name}
          className="flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="id" value={line.id} />
          <input type="hidden" name="back" value={localize(paths.quoteList)} />
          {item ? (
            <>
              <div className="grid gap-1.5">
                <Label htmlFor={quantityId}>{t('quote.quantity')}</Label>
                <input
                  // A new quantity from elsewhere (another tab, the server) replaces what is shown.
                  key={line.quantity}
                  id={quantityId}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={QUOTE_QUANTITY_MAX}
                  step={1}
                  defaultValue={line.quantity}
                  required
                  aria-label={t('quote.quantityOf', { name })}
                  className="ui-field ui-input h-9 w-24"
                />
              </div>
              {/* The first submit button: Enter in the quantity sends an update. */}
              <Button
                type="submit"
                name="action"
                value="set"
                size="sm"
                variant="outline"
                aria-label={t('quoteList.updateOf', { name })}
              >
                {t('quoteList.update')}
              </Button>
            </>
          ) : null}
          <Button
            type="submit"
            name="action"
            value="remove"
            size="sm"
            variant="ghost"
            // Removing needs no quantity: the browser must not stop it for an emptied field.
            formNoValidate
            aria-label={t('quoteList.removeOf', { name })}
          >
            {t('quoteList.remove')}
          </Button>
        </form>
      </div>
    </li>
  );
}

function EmptyQuoteList() {
  const { t } = useT();
  return (
    <div className="mt-8 flex flex-col items-center rounded-lg border border-dashed px-4 py-16 text-center">
      <ClipboardList aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="mt-3 font-medium">{t('quoteList.empty')}</p>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">{t('quoteList.emptyHint')}</p>
      <Button asChild className="mt-5">
        <Link to={paths.products}>{t('quoteList.browseCatalogue')}</Link>
      </Button>
    </div>
  );
}

/**
 * The buyer's quote list (issue 39) at `/quote`: each line with its quantity, and one request for
 * all of them. The server renders it with the visitor's lines (its URL carries the cookie's value,
 * decision 074); the browser reads the cookie. Lines whose item left the catalogue are shown, can
 * be removed, and are left out of the request.
 */
export function QuoteListPage() {
  const { t } = useT();
  const [searchParams] = useSearchParams();
  const lines = useRenderedQuoteList(searchParams.get(QUOTE_PAGE_LINES_PARAM));
  const ids = useMemo(() => lines.map((line) => line.id), [lines]);
  const items = useQuoteItems(ids);
  const [sentReference, setSentReference] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useQuoteListTitle();

  const found = items.data;
  // While a smaller list is asked for, the previous answer stands in: an id it lacks is not yet known.
  const knownGone = (id: string) => found !== undefined && !items.isPlaceholderData && !found.has(id);
  const sendable = lines.filter((line) => found?.has(line.id) === true);
  const loading = ids.length > 0 && found === undefined && !items.isError;

  const onChanged = (message: string, removed: boolean) => {
    setAnnouncement(message);
    // The removed line took the focus with it: the list's heading has it next.
    if (removed) headingRef.current?.focus();
  };

  let body;
  if (sentReference !== null) {
    body = (
      <InquiryThanks reference={sentReference} className="mt-8 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
        <Button asChild variant="outline" className="mt-2">
          <Link to={paths.products}>{t('quoteList.backToCatalogue')}</Link>
        </Button>
      </InquiryThanks>
    );
  } else if (lines.length === 0) {
    body = <EmptyQuoteList />;
  } else if (loading) {
    body = (
      <div role="status" className="mt-8 flex flex-col items-center gap-3 py-16 text-muted-foreground">
        <Spinner size="lg" />
        <p>{t('quoteList.loading')}</p>
      </div>
    );
  } else if (items.isError && found === undefined) {
    body = (
      <div role="alert" className="mt-8 flex flex-col items-center rounded-lg border px-4 py-16 text-center">
        <p className="font-medium">{t('quoteList.loadFailed')}</p>
        <Button variant="outline" className="mt-5" onClick={() => void items.refetch()}>
          {t('quoteList.tryAgain')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-5 lg:gap-12">
        <section aria-labelledby="quote-lines-heading" className="lg:col-span-3">
          <h2
            ref={headingRef}
            id="quote-lines-heading"
            tabIndex={-1}
            className="text-lg font-semibold focus:outline-none"
          >
            {t('quoteList.linesLabel')}{' '}
            <span className="text-sm font-normal text-muted-foreground">
              ({t('quote.itemCount', { count: lines.length })})
            </span>
          </h2>
          <ul aria-busy={items.isPlaceholderData} className="mt-4 grid gap-3">
            {lines.map((line) => {
              const item = found?.get(line.id);
              // Not yet known (a line added elsewhere while a smaller list was asked for): shown once it is.
              if (item === undefined && !knownGone(line.id)) return null;
              return <QuoteLine key={line.id} line={line} item={item ?? null} onChanged={onChanged} />;
            })}
          </ul>
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </section>
        <section
          aria-labelledby="quote-request-heading"
          className="self-start rounded-xl border bg-card p-5 shadow-sm sm:p-8 lg:col-span-2"
        >
          <h2 id="quote-request-heading" className="text-xl font-semibold">
            {t('inquiryForm.requestHeading')}
          </h2>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">{t('quoteList.requestIntro')}</p>
          {sendable.length > 0 ? (
            <ContactForm
              quote={{
                items: sendable,
                onSent: (reference) => {
                  // The thanks first, so the emptied list never shows as "empty" in between. The
                  // server empties the cookie for the plain form; the app does it itself.
                  setSentReference(reference);
                  clearQuoteList();
                },
              }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">{t('quoteList.nothingToSend')}</p>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <Button asChild variant="ghost" className="-ml-3">
        <Link to={paths.products}>
          <ArrowLeft aria-hidden="true" />
          {t('quoteList.backToCatalogue')}
        </Link>
      </Button>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{t('quoteList.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">{t('quoteList.intro')}</p>
      <p className="mt-1 text-sm text-muted-foreground">{t('quoteList.keptInBrowser')}</p>
      {body}
    </div>
  );
}

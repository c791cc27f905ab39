import { type FormEvent, useId } from 'react';
import { useLocation } from 'react-router';
import { ListPlus } from 'lucide-react';
import { QUOTE_QUANTITY_MAX, quoteQuantity } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { useLocalizedHref, useT } from '@/lib/i18n';
import { changeQuoteLines, QUOTE_FULL_FLAG, QUOTE_LIST_MAX_LINES } from '@/lib/quote-list';
import { cn } from '@/lib/utils';

/** The page to come back to after a plain form's change: this one, in its language, without an old "full" flag. */
function useBackPath(): string {
  const { pathname, search } = useLocation();
  const localize = useLocalizedHref();
  const query = new URLSearchParams(search);
  query.delete(QUOTE_FULL_FLAG.name);
  const rest = query.toString();
  return localize(rest === '' ? pathname : `${pathname}?${rest}`);
}

export interface AddToQuoteProps {
  id: string;
  name: string;
  /** The product page has room for a quantity; a catalogue card adds one. */
  withQuantity?: boolean;
  size?: 'sm' | 'lg';
  className?: string;
  buttonClassName?: string;
}

/**
 * "Add to quote" (issue 39). A real form to `POST /quote/lines`, so it works as plain HTML before the
 * app runs and without it (the server changes the cookie and sends the visitor back here). Once the
 * app runs it changes the cookie in place and says so in a toast with a link to the list: no
 * navigation.
 */
export function AddToQuote({
  id,
  name,
  withQuantity = false,
  size = 'sm',
  className,
  buttonClassName,
}: AddToQuoteProps) {
  const { t } = useT();
  const localize = useLocalizedHref();
  const back = useBackPath();
  const quantityId = useId();
  const listHref = localize(paths.quoteList);
  const listLink = (
    <a href={listHref} className="font-medium underline underline-offset-4">
      {t('quote.viewList')}
    </a>
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('quantity');
    const quantity = quoteQuantity(typeof typed === 'string' ? typed : '1');
    if (quantity === null) {
      toast({ variant: 'destructive', title: t('quote.badQuantity', { max: QUOTE_QUANTITY_MAX }) });
      return;
    }
    if (changeQuoteLines('add', id, quantity).full) {
      toast({
        variant: 'destructive',
        title: t('quote.full', { max: QUOTE_LIST_MAX_LINES }),
        description: (
          <>
            {t('quote.fullText')} {listLink}
          </>
        ),
      });
      return;
    }
    toast({ title: t('quote.added'), description: listLink });
  };

  return (
    <form
      method="post"
      action={paths.quoteLines}
      onSubmit={onSubmit}
      className={cn(withQuantity && 'flex flex-wrap items-end gap-2', className)}
    >
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="action" value="add" />
      <input type="hidden" name="back" value={back} />
      {withQuantity ? (
        <div className="grid gap-1.5">
          <Label htmlFor={quantityId}>{t('quote.quantity')}</Label>
          <input
            id={quantityId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={QUOTE_QUANTITY_MAX}
            step={1}
            defaultValue={1}
            required
            aria-label={t('quote.quantityOf', { name })}
            className={cn('ui-field ui-input w-24', size === 'lg' && 'h-11')}
          />
        </div>
      ) : null}
      <Button
        type="submit"
        size={size}
        variant="outline"
        aria-label={t('quote.addToQuoteOf', { name })}
        className={buttonClassName}
      >
        <ListPlus aria-hidden="true" />
        {t('quote.addToQuote')}
      </Button>
    </form>
  );
}

import { Suspense, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft, CheckCircle2, FileDown, MessageSquareQuote, ShieldCheck, Wrench } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { AddToQuote } from '@/components/add-to-quote';
import { CompareToggle } from '@/components/compare-toggle';
import { RatingStars } from '@/components/rating-stars';
import { WhatsAppItemLink } from '@/components/whatsapp-item-link';
import { Spinner } from '@/components/ui/spinner';
import { useSiteSettings } from '@/lib/site-settings';
import { paths } from '@/config/paths';
import { formatRupees, savePercent } from '@/lib/format';
import { useLocalizedHref, useT, type MessageKey } from '@/lib/i18n';
import { quoteLink } from '@/lib/quote-link';
import { cn } from '@/lib/utils';
import type { PartThatFits } from '@capstan/shared';
import { useFittingMachines, useProductDetail, type ProductDetail } from '../api/get-product-details';
import { ProductGallery } from './product-gallery';

/** navigate(-1) when this visit has somewhere to go back to, else the catalogue. */
function useBack() {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router gives the first entry of a visit the key 'default'.
  const hasHistory = location.key !== 'default';
  return () => {
    if (hasHistory) void navigate(-1);
    else void navigate(paths.products);
  };
}

/** The average of its customers' approved reviews (decision 051): shown only when there is one. */
function Rating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  const { t, intl } = useT();
  const average = intl.formatNumber(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <div className="flex items-center gap-2">
      <RatingStars rating={rating} starClassName="size-5" />
      <span className="text-sm text-muted-foreground">
        {t('product.ratingSummary', { rating: average, count: reviewCount })}
      </span>
    </div>
  );
}

function Price({ item }: { item: ProductDetail }) {
  const translator = useT();
  const { t } = translator;
  if (item.price === null) {
    return <p className="text-xl font-semibold text-slate-700">{formatRupees(null, translator)}</p>;
  }
  const save = savePercent(item.price, item.originalPrice);
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <p className="text-3xl font-bold text-primary">{formatRupees(item.price)}</p>
      {save !== null && item.originalPrice !== null ? (
        <>
          <p className="text-lg text-muted-foreground line-through">
            <span className="sr-only">{t('product.originalPrice')} </span>
            {formatRupees(item.originalPrice)}
          </p>
          <Badge className="bg-green-700 text-white">{t('product.savePercent', { percent: save })}</Badge>
        </>
      ) : null}
    </div>
  );
}

const CODE_LABELS: Record<ProductDetail['kind'], MessageKey> = {
  machine: 'product.modelCode',
  spare: 'product.partNumber',
  service: 'product.serviceCode',
};

/** `In stock`, `Made to order: 6-8 weeks`, in the page's language. */
function availabilityText(t: ReturnType<typeof useT>['t'], terms: NonNullable<ProductDetail['terms']>): string {
  const { status, leadTimeWeeks } = terms.availability;
  if (status === 'in_stock') return t('product.inStock');
  if (leadTimeWeeks === null) return t('product.madeToOrder');
  if (leadTimeWeeks.min === leadTimeWeeks.max) return t('product.madeToOrderWeeks', { weeks: leadTimeWeeks.min });
  return t('product.madeToOrderWeeksRange', { min: leadTimeWeeks.min, max: leadTimeWeeks.max });
}

/** A machine's page lists the spare parts that fit it, with their codes and prices. */
function PartsThatFit({
  machineId,
  machineName,
  parts,
}: {
  machineId: string;
  machineName: string;
  parts: PartThatFits[];
}) {
  const translator = useT();
  const { t } = translator;
  return (
    <section aria-labelledby="parts-heading" className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="parts-heading" className="text-xl font-semibold">
          {t('product.partsHeading')}
        </h2>
        <Link
          to={paths.catalogue({ tab: 'spares', machine: machineId })}
          className="rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {t('product.allPartsLink', { machineName })}
        </Link>
      </div>
      <ul className="mt-4 divide-y rounded-lg border">
        {parts.map((part) => (
          // The price goes under the name when both do not fit side by side ("price on request" in Tamil, at 390 px).
          <li key={part.id} className="flex flex-wrap items-baseline justify-between gap-x-4 px-4 py-3 text-sm">
            <div className="min-w-0 flex-1 basis-48">
              <Link
                to={paths.product(part.id)}
                className="rounded-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {part.name}
              </Link>
              {part.code !== null ? (
                <span className="block font-mono text-xs text-muted-foreground sm:ml-2 sm:inline">{part.code}</span>
              ) : null}
            </div>
            <span
              className={cn('ml-auto font-semibold', part.price === null ? 'text-muted-foreground' : 'text-primary')}
            >
              {formatRupees(part.price, translator)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A spare part's page names the machines it fits, each a link. */
function Fits({ ids }: { ids: string[] }) {
  const { t } = useT();
  const machines = useFittingMachines(ids);
  if (!machines.data || machines.data.length === 0) return null;
  return (
    <section aria-labelledby="fits-heading" className="mt-12">
      <h2 id="fits-heading" className="text-xl font-semibold">
        {t('product.fitsHeading')}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {machines.data.map((machine) => (
          <li key={machine.id}>
            <Link
              to={paths.product(machine.id)}
              className="inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium text-primary hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {machine.name}
              {machine.code !== null ? (
                <span className="font-mono text-xs text-muted-foreground">{machine.code}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ProductDetails({ id }: { id: string }) {
  const detail = useProductDetail(id);
  const goBack = useBack();
  const item = detail.data ?? null;
  const companyName = useSiteSettings()?.company.name ?? '';
  const { t, rich } = useT();
  const localize = useLocalizedHref();
  const notFoundTitle = t('product.notFound');

  useEffect(() => {
    if (detail.isPending) return;
    document.title = `${item ? item.name : notFoundTitle} | ${companyName}`;
  }, [detail.isPending, item, companyName, notFoundTitle]);

  if (detail.isPending) {
    return (
      <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground">
        <Spinner size="lg" />
        <p>{t('product.loading')}</p>
      </div>
    );
  }

  if (!item) {
    return (
      <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{t('product.errorTitle')}</h1>
        <p className="mt-3 text-muted-foreground">{notFoundTitle}</p>
        <Button className="mt-8" onClick={goBack}>
          {t('product.goBack')}
        </Button>
      </section>
    );
  }

  const quoteHref = quoteLink(item.kind, item.name, item.category);
  // A machine without a brand is the company's own make: it shows the company's name as it is now.
  const brand = item.brand ?? (item.kind === 'machine' ? companyName : null);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <Button variant="ghost" className="-ml-3" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        {t('product.back')}
      </Button>
      <article className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
        {/* Hydrated on its own (see the landing page): the gallery is the heaviest part of the page. */}
        <Suspense>
          <ProductGallery key={item.id} name={item.name} kind={item.kind} images={item.images} />
        </Suspense>

        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-col gap-2">
            {brand ? (
              <p className="text-sm font-semibold tracking-wider text-accent-strong uppercase">{brand}</p>
            ) : null}
            <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{item.name}</h1>
            {item.code !== null ? (
              <p className="text-sm text-muted-foreground">
                {t(CODE_LABELS[item.kind])}: <span className="font-mono font-medium text-foreground">{item.code}</span>
              </p>
            ) : null}
            {item.rating !== null && item.reviewCount !== null && item.reviewCount > 0 ? (
              <Rating rating={item.rating} reviewCount={item.reviewCount} />
            ) : null}
          </div>

          <Price item={item} />

          <p className="whitespace-pre-line text-muted-foreground">{item.description}</p>

          {item.features.length > 0 ? (
            <section aria-labelledby="features-heading">
              <h2 id="features-heading" className="text-lg font-semibold">
                {t('product.keyFeatures')}
              </h2>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {item.features.map((feature, position) => (
                  <li key={`${feature}-${position}`} className="flex items-start gap-2 text-sm">
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {item.terms ? (
            // The item's own availability and warranty, or its kind's defaults: never fixed texts.
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
              <li className="flex items-center gap-2 text-green-700">
                <CheckCircle2 aria-hidden="true" className="size-4" />
                {availabilityText(t, item.terms)}
              </li>
              <li className="flex items-center gap-2 text-slate-700">
                <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
                {item.terms.warrantyMonths > 0
                  ? t('product.warrantyMonths', { months: item.terms.warrantyMonths })
                  : t('product.noWarranty')}
              </li>
            </ul>
          ) : null}

          {/* The quote list (issue 39): as many as the buyer needs, sent later with the other items. */}
          <AddToQuote id={item.id} name={item.name} withQuantity size="lg" />

          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild size="lg" className="bg-accent text-accent-foreground hover:bg-accent/90">
              <Link to={quoteHref}>
                <MessageSquareQuote aria-hidden="true" />
                {t('product.requestQuote')}
              </Link>
            </Button>
            <WhatsAppItemLink item={item} size="lg" />
            {/* A plain link: the PDF is the server's, not a route of the app, and downloads without
                JavaScript; in the page's language (decision 073). */}
            <Button asChild size="lg" variant="outline">
              <a href={localize(paths.specSheet(item.id))} download>
                <FileDown aria-hidden="true" />
                {t('product.downloadSpecSheet')}
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.products}>{t('product.browseCatalogue')}</Link>
            </Button>
            {item.kind === 'machine' ? <CompareToggle id={item.id} name={item.name} className="h-11 px-6" /> : null}
          </div>
          {/* After the sale (issue 40): an owner of this model asks for an engineer from its page. */}
          {item.kind === 'machine' ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Wrench aria-hidden="true" className="size-4 shrink-0" />
              <span>
                {rich('product.serviceLink', {
                  link: (chunks) => (
                    <Link to={paths.service} className="font-medium text-primary underline-offset-4 hover:underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </span>
            </p>
          ) : null}
        </div>
      </article>

      <section aria-labelledby="specs-heading" className="mt-12">
        <h2 id="specs-heading" className="text-xl font-semibold">
          {t('product.specsHeading')}
        </h2>
        {item.specifications.length > 0 ? (
          <div className="mt-4 overflow-hidden rounded-lg border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('product.specsCaption', { name: item.name })}</caption>
              <tbody>
                {item.specifications.map((spec, position) => (
                  <tr key={`${spec.key}-${position}`} className="border-b last:border-b-0 odd:bg-muted/50">
                    <th scope="row" className="w-2/5 px-4 py-3 align-top font-medium text-slate-700">
                      {spec.key}
                    </th>
                    <td className="px-4 py-3 break-words">{spec.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-3 text-muted-foreground">{t('product.noSpecs')}</p>
        )}
      </section>

      {item.kind === 'machine' && item.partsThatFit.length > 0 ? (
        <PartsThatFit machineId={item.id} machineName={item.name} parts={item.partsThatFit} />
      ) : null}
      {item.kind === 'spare' && item.fits.length > 0 ? <Fits ids={item.fits} /> : null}
    </div>
  );
}

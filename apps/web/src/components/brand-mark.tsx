import type { ReactNode } from 'react';
import type { CompanyPicture } from '@capstan/shared';
import { uploadVariants } from '@/lib/images';
import { cn } from '@/lib/utils';

/**
 * The company's logo where the brand cog stands (bar, footer, back office), once staff have
 * uploaded one under Site → Company; the cog (`children`) until then. The name is written beside
 * it, so the picture itself is decoration (empty alt). The smallest stored size is plenty for a
 * mark a few dozen pixels tall.
 */
export function BrandMark({
  logo,
  className,
  children,
}: {
  logo: CompanyPicture | null | undefined;
  /** Its height; the width follows the logo's shape. */
  className?: string;
  children: ReactNode;
}) {
  if (!logo) return children;
  const variants = uploadVariants(logo.url, logo);
  const small = variants?.[0];
  return (
    <img
      src={small?.url ?? logo.url}
      alt=""
      width={small?.width || logo.width}
      height={small?.height || logo.height}
      decoding="async"
      className={cn('w-auto max-w-32 shrink-0 object-contain', className)}
    />
  );
}

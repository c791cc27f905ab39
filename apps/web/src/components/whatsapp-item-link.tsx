import { MessageCircle } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useSiteSettings, whatsappItemHrefOf } from '@/lib/site-settings';
import { absoluteSiteUrl } from '@/lib/site-origin';
import { cn } from '@/lib/utils';

export interface WhatsAppItemLinkProps {
  item: { id: string; name: string; code: string | null };
  size?: 'sm' | 'lg';
  className?: string;
}

/**
 * A WhatsApp message to the company about one item, started with its name, code and page address
 * (wa.me, so it opens the app on a phone and WhatsApp Web elsewhere). A plain link: it works from
 * the server's HTML, before the app runs and without it.
 */
export function WhatsAppItemLink({ item, size = 'sm', className }: WhatsAppItemLinkProps) {
  const site = useSiteSettings();
  const translator = useT();
  const { t } = translator;
  if (!site) return null;
  const href = whatsappItemHrefOf(site, item, absoluteSiteUrl(paths.product(item.id)), translator);
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('ui.whatsappItemLabel', { name: item.name })}
      className={cn(buttonVariants({ size, variant: 'outline' }), className)}
    >
      <MessageCircle aria-hidden="true" className="text-[#128C7E]" />
      {t('ui.whatsappItem')}
    </a>
  );
}

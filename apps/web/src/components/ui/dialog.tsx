import type { ComponentProps } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        'fixed inset-0 z-50 bg-slate-950/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

const WIDTHS = { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-4xl' } as const;

const PLACEMENTS = {
  centre:
    'top-1/2 left-1/2 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in',
  // A panel along the left edge, the screen's height: `className` gives its width, layout and look.
  left: 'top-0 left-0 h-dvh max-h-dvh max-w-[85vw] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
} as const;

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  placement?: keyof typeof PLACEMENTS;
  /** A centred dialog's greatest width. */
  size?: keyof typeof WIDTHS;
}

export function DialogContent({
  className,
  children,
  placement = 'centre',
  size = 'lg',
  ...props
}: DialogContentProps) {
  const { t } = useT();
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 overflow-y-auto shadow-lg',
          PLACEMENTS[placement],
          placement === 'centre' && WIDTHS[size],
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:pointer-events-none">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('ui.close')}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 text-center sm:text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn('text-lg leading-none font-semibold tracking-tight', className)} {...props} />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

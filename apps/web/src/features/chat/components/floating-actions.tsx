import { lazy, Suspense, useRef, useState } from 'react';
import { ArrowUp, MessageCircle, MessagesSquare, X } from 'lucide-react';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { useT, withRouteMessages } from '@/lib/i18n';
import { SCROLL_TOP_VISIBLE_AT, scrollToTop } from '@/lib/scroll';
import { useSiteSettings, whatsappHrefOf } from '@/lib/site-settings';
import { cn } from '@/lib/utils';
import { useStepsAside } from '../hooks/use-steps-aside';
import type * as ChatWidgetModule from './chat-widget';

let chatWidgetModule: Promise<typeof ChatWidgetModule> | null = null;

/**
 * The chat panel is downloaded on first open (or when the pointer or focus reaches its button), with
 * its messages (the `chatWindow` namespace, lib/i18n/route-messages.ts).
 */
function preloadChatWidget(): Promise<typeof ChatWidgetModule> {
  chatWidgetModule ??= withRouteMessages(['chatWindow'], import('./chat-widget')).catch((error: unknown) => {
    chatWidgetModule = null; // let the next attempt retry
    throw error;
  });
  return chatWidgetModule;
}
const preloadQuietly = () => void preloadChatWidget().catch(() => undefined);

const ChatWidget = lazy(async () => ({ default: (await preloadChatWidget()).ChatWidget }));

/** The round buttons' shared look; the way back to the top is smaller and centred over the chat. */
const roundButton =
  'pointer-events-auto flex items-center justify-center rounded-full shadow-lg ring-1 ring-black/5 transition-transform duration-150 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none motion-safe:hover:scale-105';
const largeRoundButton = `${roundButton} size-14 [&_svg]:size-6`;

export interface FloatingActionsProps {
  /** Source of randomness for the chat's typing delay (tests). */
  random?: () => number;
}

/**
 * SPEC §2: the floating action group — WhatsApp and the chat helper as a visible pair, and above
 * them, past 500 px of scroll, the way back to the top (decision 055; it replaced decision 019's
 * one "Contact us" button). The group steps aside while text, a form or the contact section lies
 * where it sits (decision 019), and waits at the end of the page until the app runs.
 */
export function FloatingActions({ random }: FloatingActionsProps = {}) {
  const groupRef = useRef<HTMLDivElement>(null);
  const buttonsRef = useRef<HTMLDivElement>(null);
  const chatButtonRef = useRef<HTMLButtonElement>(null);
  const [chatOpen, setChatOpen] = useState(false);
  // Once opened the panel stays mounted (hidden while closed) so the conversation survives closing.
  const [chatLoaded, setChatLoaded] = useState(false);
  if (chatOpen && !chatLoaded) setChatLoaded(true);
  const pastFirstScreen = useScrolledPast(SCROLL_TOP_VISIBLE_AT);
  const { stepAside, awaitingClearance } = useStepsAside(groupRef, buttonsRef, chatOpen);
  const site = useSiteSettings();
  const { t } = useT();

  const closeChat = () => {
    setChatOpen(false);
    chatButtonRef.current?.focus();
  };

  return (
    <div
      ref={groupRef}
      // Placed by index.css: at the page end until the app runs (it cannot step aside before), then fixed.
      data-floating-actions=""
      data-awaiting-clearance={awaitingClearance || undefined}
      className="pointer-events-none right-4 bottom-4 z-40 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6"
    >
      {chatLoaded && (
        <Suspense fallback={null}>
          <ChatWidget open={chatOpen} onClose={closeChat} random={random} className="pointer-events-auto" />
        </Suspense>
      )}
      <div
        ref={buttonsRef}
        role="group"
        aria-label={t('chat.quickContact')}
        data-stepped-aside={stepAside || undefined}
        className={cn(
          'flex flex-col items-end gap-3 transition-opacity duration-150',
          stepAside && 'invisible opacity-0',
        )}
      >
        {pastFirstScreen && (
          <button
            type="button"
            onClick={() => scrollToTop()}
            aria-label={t('chat.backToTop')}
            className={`${roundButton} mr-1.5 size-11 bg-slate-700 text-white [&_svg]:size-5`}
          >
            <ArrowUp aria-hidden="true" />
          </button>
        )}
        {/* The pair side by side, the chat in the corner. */}
        <div className="flex items-center gap-3">
          <a
            href={site ? whatsappHrefOf(site) : undefined}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('chat.whatsappNewTab')}
            className={`${largeRoundButton} bg-[#25D366] text-white`}
          >
            <MessageCircle aria-hidden="true" />
          </a>
          <button
            ref={chatButtonRef}
            type="button"
            onClick={chatOpen ? closeChat : () => setChatOpen(true)}
            onPointerEnter={preloadQuietly}
            onFocus={preloadQuietly}
            aria-expanded={chatOpen}
            aria-label={chatOpen ? t('chat.closeChat') : t('chat.openChat')}
            className={`${largeRoundButton} bg-primary text-primary-foreground`}
          >
            {chatOpen ? <X aria-hidden="true" /> : <MessagesSquare aria-hidden="true" />}
          </button>
        </div>
      </div>
    </div>
  );
}

import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { ArrowUp, MessageCircle, MessagesSquare, Phone, X } from 'lucide-react';
import { IconsFromSprite } from '@/components/ui/lucide-icon';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { SCROLL_TOP_VISIBLE_AT, scrollToTop } from '@/lib/scroll';
import { phonesOf, useSiteSettings, whatsappHrefOf } from '@/lib/site-settings';
import { cn } from '@/lib/utils';
import { useStepsAside } from '../hooks/use-steps-aside';
import type * as ChatWidgetModule from './chat-widget';

let chatWidgetModule: Promise<typeof ChatWidgetModule> | null = null;

/** The chat panel is downloaded on first open (or when the pointer or focus reaches its button). */
function preloadChatWidget(): Promise<typeof ChatWidgetModule> {
  chatWidgetModule ??= import('./chat-widget').catch((error: unknown) => {
    chatWidgetModule = null; // let the next attempt retry
    throw error;
  });
  return chatWidgetModule;
}
const preloadQuietly = () => void preloadChatWidget().catch(() => undefined);

const ChatWidget = lazy(async () => ({ default: (await preloadChatWidget()).ChatWidget }));

const focusRing = 'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none';

export interface FloatingActionsProps {
  /** Source of randomness for the chat's typing delay (tests). */
  random?: () => number;
}

/**
 * SPEC §2: the floating action group — call, WhatsApp, the chat helper and the way back to the
 * top — collapsed behind one button (decision 019). The list is a native popover, so the button
 * opens it, Escape and a tap outside close it, and its links work before the app has started.
 */
export function FloatingActions({ random }: FloatingActionsProps = {}) {
  const menuId = useId();
  const groupRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  // Once opened the panel stays mounted (hidden while closed) so the conversation survives closing.
  const [chatLoaded, setChatLoaded] = useState(false);
  if (chatOpen && !chatLoaded) setChatLoaded(true);
  const pastFirstScreen = useScrolledPast(SCROLL_TOP_VISIBLE_AT);
  const { stepAside, awaitingClearance } = useStepsAside(groupRef, toggleRef, menuOpen || chatOpen);

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    // The list may have been opened from the server's HTML before the app took over.
    setMenuOpen(menu.matches(':popover-open'));
    const onToggle = (event: Event) => setMenuOpen((event as ToggleEvent).newState === 'open');
    menu.addEventListener('toggle', onToggle);
    return () => menu.removeEventListener('toggle', onToggle);
  }, []);

  useEffect(() => {
    // A form scrolled into view or focused wins over an open list.
    if (stepAside && menuRef.current?.matches(':popover-open')) menuRef.current.hidePopover();
  }, [stepAside]);

  const closeMenu = () => {
    if (menuRef.current?.matches(':popover-open')) menuRef.current.hidePopover();
  };

  const openChat = () => {
    closeMenu();
    setChatOpen(true);
  };

  const closeChat = () => {
    setChatOpen(false);
    toggleRef.current?.focus();
  };

  const site = useSiteSettings();
  const phone = site ? phonesOf(site)[0] : undefined;

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
      <div ref={menuRef} id={menuId} popover="auto" className="styled-later floating-menu">
        {/* Hidden until opened, so its icons can come from the cached sprite file (decision 045). */}
        <IconsFromSprite>
          <ul aria-label="Contact us" className="flex w-64 flex-col items-stretch gap-2">
            <li>
              <a href={phone ? `tel:${phone.tel}` : undefined} className="floating-action">
                <span className="floating-action-icon bg-accent text-accent-foreground" aria-hidden="true">
                  <Phone />
                </span>
                <span className="flex flex-col leading-tight">
                  Call us <span className="text-xs font-normal text-muted-foreground">{phone?.display}</span>
                </span>
              </a>
            </li>
            <li>
              <a
                href={site ? whatsappHrefOf(site) : undefined}
                target="_blank"
                rel="noopener noreferrer"
                className="floating-action"
              >
                <span className="floating-action-icon bg-[#25D366] text-white" aria-hidden="true">
                  <MessageCircle />
                </span>
                <span>
                  WhatsApp<span className="sr-only"> (opens in a new tab)</span>
                </span>
              </a>
            </li>
            <li>
              <button
                type="button"
                onClick={openChat}
                onPointerEnter={preloadQuietly}
                onFocus={preloadQuietly}
                className="floating-action"
              >
                <span className="floating-action-icon bg-primary text-primary-foreground" aria-hidden="true">
                  <MessagesSquare />
                </span>
                Open chat
              </button>
            </li>
            {pastFirstScreen && (
              <li>
                <button
                  type="button"
                  onClick={() => {
                    closeMenu();
                    scrollToTop();
                    toggleRef.current?.focus();
                  }}
                  className="floating-action"
                >
                  <span className="floating-action-icon bg-slate-700 text-white" aria-hidden="true">
                    <ArrowUp />
                  </span>
                  Back to top
                </button>
              </li>
            )}
          </ul>
        </IconsFromSprite>
      </div>
      <button
        ref={toggleRef}
        type="button"
        // While the chat is open this button closes it; otherwise it opens the list, natively.
        popoverTarget={chatOpen ? undefined : menuId}
        onClick={chatOpen ? closeChat : undefined}
        onPointerEnter={preloadQuietly}
        aria-expanded={chatOpen || menuOpen}
        aria-controls={chatOpen ? undefined : menuId}
        aria-label={chatOpen ? 'Close chat' : 'Contact us'}
        data-stepped-aside={stepAside || undefined}
        className={cn('floating-toggle', focusRing, stepAside && 'invisible opacity-0')}
      >
        {chatOpen || menuOpen ? <X aria-hidden="true" /> : <Phone aria-hidden="true" />}
      </button>
    </div>
  );
}

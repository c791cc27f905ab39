import { lazy, Suspense, useRef, useState } from 'react';
import { MessageCircle, MessagesSquare, Phone, X } from 'lucide-react';
import { COMPANY_PHONES, COMPANY_WHATSAPP } from '@/config/company';
import { cn } from '@/lib/utils';
import type * as ChatWidgetModule from './chat-widget';

let chatWidgetModule: Promise<typeof ChatWidgetModule> | null = null;

/** The chat panel is downloaded on first open (or when the pointer or focus reaches its toggle). */
function preloadChatWidget(): Promise<typeof ChatWidgetModule> {
  chatWidgetModule ??= import('./chat-widget').catch((error: unknown) => {
    chatWidgetModule = null; // let the next attempt retry
    throw error;
  });
  return chatWidgetModule;
}

const ChatWidget = lazy(async () => ({ default: (await preloadChatWidget()).ChatWidget }));

export const WHATSAPP_MESSAGE = 'Hello, I would like to know more about your machines.';
export const WHATSAPP_URL = `https://wa.me/${COMPANY_WHATSAPP}?text=${encodeURIComponent(WHATSAPP_MESSAGE)}`;

const roundButton =
  'flex size-12 items-center justify-center rounded-full shadow-lg transition-transform focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none motion-safe:hover:scale-110 [&_svg]:size-6';

export interface FloatingActionsProps {
  /** Source of randomness for the chat's typing delay (tests). */
  random?: () => number;
}

/** SPEC §2: the floating action group — call, WhatsApp and the chat helper. */
export function FloatingActions({ random }: FloatingActionsProps = {}) {
  const [chatOpen, setChatOpen] = useState(false);
  // Once opened the panel stays mounted (hidden while closed) so the conversation survives closing.
  const [chatLoaded, setChatLoaded] = useState(false);
  if (chatOpen && !chatLoaded) setChatLoaded(true);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const closeChat = () => {
    setChatOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6">
      {chatLoaded && (
        <Suspense fallback={null}>
          <ChatWidget open={chatOpen} onClose={closeChat} random={random} className="pointer-events-auto" />
        </Suspense>
      )}
      <div className="pointer-events-auto flex flex-col items-end gap-3">
        {!chatOpen && (
          <>
            <a
              href={`tel:${COMPANY_PHONES[0].tel}`}
              aria-label={`Call us at ${COMPANY_PHONES[0].display}`}
              className={cn(roundButton, 'bg-accent text-accent-foreground')}
            >
              <Phone aria-hidden="true" />
            </a>
            <a
              href={WHATSAPP_URL}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Chat with us on WhatsApp (opens in a new tab)"
              className={cn(roundButton, 'bg-[#25D366] text-white')}
            >
              <MessageCircle aria-hidden="true" />
            </a>
          </>
        )}
        <button
          ref={toggleRef}
          type="button"
          onClick={() => (chatOpen ? closeChat() : setChatOpen(true))}
          onPointerEnter={() => void preloadChatWidget().catch(() => undefined)}
          onFocus={() => void preloadChatWidget().catch(() => undefined)}
          aria-expanded={chatOpen}
          aria-label={chatOpen ? 'Close chat' : 'Open chat'}
          className={cn(roundButton, 'bg-primary text-primary-foreground')}
        >
          {chatOpen ? <X aria-hidden="true" /> : <MessagesSquare aria-hidden="true" />}
        </button>
      </div>
    </div>
  );
}

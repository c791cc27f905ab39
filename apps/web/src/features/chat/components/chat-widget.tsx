import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Bot, MessageCircle, Send, X } from 'lucide-react';
import { DEFAULT_CHAT, whatsappLink } from '@capstan/shared';
import { formatRupees } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { itemTermsQuery } from '@/lib/item-terms';
import { quoteLink, quoteLinkForItems } from '@/lib/quote-link';
import { useT } from '@/lib/i18n';
import { useSiteSettings } from '@/lib/site-settings';
import { cn } from '@/lib/utils';
import { chatItemsQuery } from '../api/get-chat-items';
import { chatTextsQuery, useChatTexts } from '../api/get-chat-texts';
import { chatReply, type ChatReply, itemTermsText } from '../chat-reply';

/** SPEC §3: a chat message; a scripted reply also carries its items and offers. */
export interface ChatMessage {
  id: string;
  text: string;
  isUser: boolean;
  timestamp: Date;
  reply?: ChatReply;
  /** What the visitor asked, for the WhatsApp message a reply that could not help prefills. */
  question?: string;
}

const CATALOGUE_TAB = { machine: null, spare: 'spares', service: 'services' } as const;

const linkClass = 'font-medium text-primary underline-offset-2 hover:underline focus-visible:underline';
const smallButton =
  'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-xs font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:outline-none';

/** The items, the catalogue link and the offers under a reply's text. */
function ReplyActions({
  reply,
  whatsappHref,
  onNavigate,
}: {
  reply: ChatReply;
  whatsappHref: string | undefined;
  onNavigate: () => void;
}) {
  const translator = useT();
  const { t } = translator;
  return (
    <>
      {reply.items.length > 0 && (
        <ul className="mt-2 grid gap-2 whitespace-normal">
          {reply.items.map((item) => (
            <li key={item.id} className="grid gap-1.5 rounded-lg border bg-muted/40 p-2.5">
              <Link to={paths.product(item.id)} onClick={onNavigate} className={linkClass}>
                {item.name}
              </Link>
              <span className="text-xs text-muted-foreground">{formatRupees(item.price, translator)}</span>
              {itemTermsText(item, t) && (
                <span className="text-xs text-muted-foreground">{itemTermsText(item, t)}</span>
              )}
              <Link
                to={quoteLink(item.kind, item.name, item.category)}
                onClick={onNavigate}
                aria-label={t('chatWindow.requestQuoteFor', { name: item.name })}
                className={cn(smallButton, 'justify-self-start bg-accent text-accent-foreground hover:bg-accent/90')}
              >
                {t('chatWindow.requestQuote')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {reply.more && (
        <Link
          to={paths.catalogue({ tab: CATALOGUE_TAB[reply.more.kind], q: reply.more.phrase })}
          onClick={onNavigate}
          className={cn(linkClass, 'mt-2 block')}
        >
          {t('chatWindow.seeAll', { total: String(reply.more.total) })}
        </Link>
      )}
      {reply.offersContact && (
        <span className="mt-2 flex flex-wrap gap-2 whitespace-normal">
          <Link
            to={quoteLinkForItems([])}
            onClick={onNavigate}
            className={cn(smallButton, 'bg-accent text-accent-foreground hover:bg-accent/90')}
          >
            {t('chatWindow.askForQuote')}
          </Link>
          {whatsappHref && (
            <a
              href={whatsappHref}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(smallButton, 'bg-[#25D366] text-white hover:bg-[#1fb857]')}
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              {t('chatWindow.whatsapp')}
              <span className="sr-only">{` ${t('chatWindow.newTab')}`}</span>
            </a>
          )}
        </span>
      )}
    </>
  );
}

// SPEC §9: the reply comes 1000 ms plus up to 1000 ms after each visitor message.
const REPLY_BASE_DELAY_MS = 1000;
const REPLY_RANDOM_DELAY_MS = 1000;

export interface ChatWidgetProps {
  open: boolean;
  onClose: () => void;
  /** Source of randomness for the typing delay; injectable so tests can fix it. */
  random?: () => number;
  /** `floating` sits above the action group; `inline` fills its container. */
  variant?: 'floating' | 'inline';
  className?: string;
}

export function ChatWidget({ open, onClose, random = Math.random, variant = 'floating', className }: ChatWidgetProps) {
  const site = useSiteSettings();
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const texts = useChatTexts(locale);
  // Staff's greeting; the seeded one if it cannot be read. Until it arrives the assistant "types".
  const greeting = texts.data?.greeting ?? (texts.isError ? DEFAULT_CHAT.greeting : null);
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const mounted = useRef(true);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const [pendingReplies, setPendingReplies] = useState(0);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, pendingReplies]);

  useEffect(() => {
    const pending = timers.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        resolve();
      }, ms);
      timers.current.add(timer);
    });

  const makeId = () => {
    nextId.current += 1;
    return `m${nextId.current}`;
  };

  const send = () => {
    const text = input.trim();
    // SPEC §5: blank input is ignored.
    if (text === '') return;
    setMessages((current) => [...current, { id: makeId(), text, isUser: true, timestamp: new Date() }]);
    setInput('');
    setPendingReplies((n) => n + 1);
    // The typing delay and the look-ups run together; the reply waits for both. A look-up that
    // fails leaves the scripted texts (or the seeded ones) to answer.
    const delay = wait(REPLY_BASE_DELAY_MS + random() * REPLY_RANDOM_DELAY_MS);
    const lookUps = Promise.all([
      queryClient.fetchQuery(chatTextsQuery(locale)).catch(() => DEFAULT_CHAT),
      queryClient.fetchQuery(chatItemsQuery(text, locale)).catch(() => null),
      queryClient.fetchQuery(itemTermsQuery).catch(() => null),
    ]);
    void Promise.all([lookUps, delay]).then(([[scripted, named, defaults]]) => {
      if (!mounted.current) return;
      const reply = chatReply(text, scripted, named, defaults, t);
      setMessages((current) => [
        ...current,
        { id: makeId(), text: reply.text, isUser: false, timestamp: new Date(), reply, question: text },
      ]);
      setPendingReplies((n) => n - 1);
    });
  };

  const whatsappHrefFor = (question: string | undefined) =>
    site
      ? whatsappLink(
          site.company.whatsapp.number,
          question ? `${site.company.whatsapp.message}\n\n${question}` : site.company.whatsapp.message,
        )
      : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  if (!open) return null;

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border bg-background text-foreground shadow-2xl',
        variant === 'floating' && 'h-[min(32rem,calc(100dvh-7rem))] w-[calc(100vw-2rem)] max-w-sm',
        variant === 'inline' && 'h-[32rem] w-full',
        'motion-safe:animate-dialog-in',
        className,
      )}
    >
      <div className="flex items-center gap-3 bg-primary px-4 py-3 text-primary-foreground">
        <span className="flex size-9 items-center justify-center rounded-full bg-white/15" aria-hidden="true">
          <Bot className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base leading-tight font-semibold">
            {t('chatWindow.title')}
          </h2>
          <p className="text-xs text-blue-100">{t('chatWindow.subtitle')}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={onClose}
          aria-label={t('chat.closeChat')}
          className="size-9 text-primary-foreground hover:bg-white/15"
        >
          <X />
        </Button>
      </div>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t('chatWindow.log')}
        className="flex flex-1 flex-col gap-3 overflow-y-auto bg-muted/60 p-4 motion-safe:scroll-smooth"
      >
        {greeting !== null && (
          <div
            data-testid="chat-bot-message"
            className="max-w-[85%] self-start rounded-2xl rounded-bl-sm border bg-background px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap"
          >
            <span className="sr-only">{`${t('chatWindow.assistant')} `}</span>
            {greeting}
          </div>
        )}
        {messages.map((message) => (
          <div
            key={message.id}
            data-testid={message.isUser ? 'chat-user-message' : 'chat-bot-message'}
            className={cn(
              'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap',
              message.isUser
                ? 'self-end rounded-br-sm bg-primary text-primary-foreground'
                : 'self-start rounded-bl-sm border bg-background',
            )}
          >
            <span className="sr-only">{`${message.isUser ? t('chatWindow.you') : t('chatWindow.assistant')} `}</span>
            {message.text}
            {message.reply && (
              <ReplyActions
                reply={message.reply}
                whatsappHref={whatsappHrefFor(message.question)}
                onNavigate={onClose}
              />
            )}
          </div>
        ))}
        {(pendingReplies > 0 || greeting === null) && (
          <div
            role="status"
            className="flex items-center gap-1 self-start rounded-2xl rounded-bl-sm border bg-background px-3.5 py-3"
          >
            <span className="sr-only">{t('chatWindow.typing')}</span>
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                aria-hidden="true"
                className="size-2 rounded-full bg-muted-foreground motion-safe:animate-bounce"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </div>
        )}
      </div>

      <form onSubmit={onSubmit} className="flex items-center gap-2 border-t bg-background p-3">
        <label htmlFor={`${titleId}-input`} className="sr-only">
          {t('chatWindow.inputLabel')}
        </label>
        <Input
          ref={inputRef}
          id={`${titleId}-input`}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder={t('chatWindow.inputPlaceholder')}
          autoComplete="off"
          enterKeyHint="send"
        />
        <Button type="submit" size="icon" aria-label={t('chatWindow.send')} disabled={input.trim() === ''}>
          <Send />
        </Button>
      </form>
    </div>
  );
}

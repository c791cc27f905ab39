import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Bot, Send, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSiteSettings } from '@/lib/site-settings';
import { cn } from '@/lib/utils';
import { CHAT_GREETING, chatReply } from '../chat-reply';

/** SPEC §3: a chat message. */
export interface ChatMessage {
  id: string;
  text: string;
  isUser: boolean;
  timestamp: Date;
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

const GREETING_ID = 'greeting';

export function ChatWidget({ open, onClose, random = Math.random, variant = 'floating', className }: ChatWidgetProps) {
  const phone = useSiteSettings()?.company.phones[0]?.number;
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // The greeting's timestamp is fixed so server and client render the same thing.
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: GREETING_ID, text: CHAT_GREETING, isUser: false, timestamp: new Date(0) },
  ]);
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
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

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
    const delay = REPLY_BASE_DELAY_MS + random() * REPLY_RANDOM_DELAY_MS;
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setMessages((current) => [
        ...current,
        { id: makeId(), text: chatReply(text, phone), isUser: false, timestamp: new Date() },
      ]);
      setPendingReplies((n) => n - 1);
    }, delay);
    timers.current.add(timer);
  };

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
            Chat with us
          </h2>
          <p className="text-xs text-blue-100">Usually replies in a moment</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={onClose}
          aria-label="Close chat"
          className="size-9 text-primary-foreground hover:bg-white/15"
        >
          <X />
        </Button>
      </div>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Chat messages"
        className="flex flex-1 flex-col gap-3 overflow-y-auto bg-muted/60 p-4 motion-safe:scroll-smooth"
      >
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
            <span className="sr-only">{message.isUser ? 'You: ' : 'Assistant: '}</span>
            {message.text}
          </div>
        ))}
        {pendingReplies > 0 && (
          <div
            role="status"
            className="flex items-center gap-1 self-start rounded-2xl rounded-bl-sm border bg-background px-3.5 py-3"
          >
            <span className="sr-only">Assistant is typing…</span>
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
          Type your message
        </label>
        <Input
          ref={inputRef}
          id={`${titleId}-input`}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder="Type your message..."
          autoComplete="off"
          enterKeyHint="send"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={input.trim() === ''}>
          <Send />
        </Button>
      </form>
    </div>
  );
}

// The panel component is not re-exported: a static re-export would pull it back into the entry
// chunk, while FloatingActions loads it on first open.
export type { ChatMessage, ChatWidgetProps } from './components/chat-widget';
export { FloatingActions, type FloatingActionsProps } from './components/floating-actions';

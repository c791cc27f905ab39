export { ChatWidget, type ChatMessage, type ChatWidgetProps } from './components/chat-widget';
export { FloatingActions, type FloatingActionsProps } from './components/floating-actions';
export { chatReply } from './chat-reply';

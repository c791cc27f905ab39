export { OutboxList } from './components/outbox-list';
export { OutboxScreen } from './components/outbox-screen';
export { useOutbox } from './api/get-outbox';

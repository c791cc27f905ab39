export { AdminActivity } from './components/admin-activity';

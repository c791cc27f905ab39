export { BackupsScreen } from './components/backups-screen';

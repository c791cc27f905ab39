export { CompanySettingsScreen, LandingContentScreen } from './components/site-screens';

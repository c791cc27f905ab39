export { CompanySettingsScreen, LandingContentScreen } from './components/site-screens';
export { ChatSettingsScreen } from './components/chat-settings-screen';

export { EditInstallationScreen, NewInstallationScreen } from './components/installation-form-screens';
export { InstallationScreen } from './components/installation-screen';
export { InstallationsImportScreen } from './components/installations-import-screen';
export { InstallationsScreen } from './components/installations-screen';

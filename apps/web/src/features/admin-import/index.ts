export { CatalogueImportScreen } from './components/import-screen';

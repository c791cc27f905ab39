export { ItemForm } from './components/item-form';
export { ServiceForm } from './components/service-form';

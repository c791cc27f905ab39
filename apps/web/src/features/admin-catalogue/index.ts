export { MachineCategoriesScreen } from './components/machine-categories-screen';
export { ItemTermsScreen } from './components/item-terms-screen';
export { FeaturedProductsScreen } from './components/featured-products-screen';
export { ProductManagementScreen, type ProductTab } from './components/product-management-screen';

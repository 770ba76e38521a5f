/** The console's catalogue and changes sections. */
export { CatalogScreen } from './components/catalog-screen.tsx';
export { ChangesScreen } from './components/changes-screen.tsx';

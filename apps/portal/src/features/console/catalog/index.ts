/** The console's catalogue and changes sections (issue 14 §2, §3). */
export { CatalogScreen } from './components/catalog-screen.tsx';
export { ChangesScreen } from './components/changes-screen.tsx';

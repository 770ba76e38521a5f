// The tracker feature's public surface: the app composes these; other code never reaches inside.
export { TrackerIntro } from './components/tracker-intro.tsx';
export { TrackerPage, type TrackerPageProps } from './components/tracker-page.tsx';

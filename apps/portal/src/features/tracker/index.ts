export { TrackerIntro } from './components/tracker-intro.tsx';

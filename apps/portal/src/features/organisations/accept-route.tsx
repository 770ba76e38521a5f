import { AcceptScreen } from './components/accept-screen.tsx';
import './organisations.css';

/** `/organisations/accept` — an invitation's e-mailed link, for someone who may have no account yet. */
export function AcceptInvitationRoute() {
  return <AcceptScreen />;
}

import { Route, Routes } from 'react-router';
import { OrganisationScreen } from './components/organisation-screen.tsx';
import { OrganisationsHome } from './components/organisations-home.tsx';
import { ReviewScreen } from './components/review-screen.tsx';
import './organisations.css';

/** `/organisations/*` — the organisation area of a signed-in user: their organisations, then one of them, then one of its reviews. */
export function OrganisationsRoute() {
  return (
    <Routes>
      <Route index element={<OrganisationsHome />} />
      <Route path=":organisationId" element={<OrganisationScreen />} />
      <Route path=":organisationId/reviews/:reviewId" element={<ReviewScreen />} />
    </Routes>
  );
}

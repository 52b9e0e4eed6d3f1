import { RequireUser } from '../../components/sign-in/RequireUser';
import { PastTests } from './PastTests';

/** /past-tests: the signed-in user's finished tests; the login screen otherwise. */
export default function PastTestsPage() {
  return (
    <RequireUser message="Please log in to see your past tests">
      {(user) => <PastTests user={user} />}
    </RequireUser>
  );
}

import { RequireUser } from '../../components/sign-in/RequireUser';
import { Dashboard } from './Dashboard';

/** /dashboard: the login screen unless someone is signed in. */
export default function DashboardPage() {
  return (
    <RequireUser message="Please log in to access your dashboard">
      {(user) => <Dashboard user={user} />}
    </RequireUser>
  );
}

import { RequireUser } from '../../auth/RequireUser';

export default function DashboardPage() {
  return <RequireUser message="Please log in to access your dashboard">{(user) => <div>{user.name}</div>}</RequireUser>;
}

import { trpc } from '../../api/trpc';
import { PageLoader } from '../../components/PageLoader';
import { RequireUser } from '../../components/sign-in/RequireUser';
import { AccessDenied } from './AccessDenied';
import { AdminConsole } from './AdminConsole';

const CHECKING = 'Checking admin access...';

function AdminAccessCheck() {
  const check = trpc.admin.check.useQuery();
  if (check.isPending) return <PageLoader label={CHECKING} />;
  if (check.isError || !check.data.isAdmin) return <AccessDenied />;
  return <AdminConsole />;
}

/** /admin (docs/product.md#admin-console): login required, then the server's admin check decides. */
export default function AdminPage() {
  return (
    <RequireUser message="Please log in to access the admin console" pendingLabel={CHECKING}>
      {() => <AdminAccessCheck />}
    </RequireUser>
  );
}

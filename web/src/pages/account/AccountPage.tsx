import { RequireUser } from '../../components/sign-in/RequireUser';
import { AccountSettings } from './AccountSettings';

/** /account: who is signed in, the channel's access and what Titlewise keeps, and deleting the account. */
export default function AccountPage() {
  return (
    <RequireUser message="Please log in to manage your account">
      {(user) => <AccountSettings user={user} />}
    </RequireUser>
  );
}

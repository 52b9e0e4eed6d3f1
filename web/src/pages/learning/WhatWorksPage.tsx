import { RequireUser } from '../../components/sign-in/RequireUser';
import { WhatWorks } from './WhatWorks';

/** /what-works: what the signed-in creator's finished tests show; the login screen otherwise. */
export default function WhatWorksPage() {
  return (
    <RequireUser message="Please log in to see what works on your channel">
      {(user) => <WhatWorks user={user} />}
    </RequireUser>
  );
}

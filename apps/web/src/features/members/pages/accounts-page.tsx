import { AccountsView } from '../components/accounts-view';

/** `/trustee/users/all` (Accounts): everyone, inviting, invitations not yet accepted, people disabled. */
export function AccountsPage() {
  return <AccountsView list="all" />;
}

/** What the users domain is given. */
import type { Storage } from '../../services/storage';
import type { AuthDomainService } from '../auth';
import type { ServiceDeps } from '../deps';

/** What the users service needs besides the common deps. */
export interface UsersServiceDeps extends Pick<ServiceDeps, 'db' | 'clock' | 'config'> {
  /** Where avatars are stored (`app.storage`). */
  storage: Storage;
  /** The auth domain: passwords, one-time codes and sessions of the account's deletion. */
  auth: Pick<AuthDomainService, 'requestAccountDeletion' | 'confirmAccountDeletion'>;
}

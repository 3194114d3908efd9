import type { User } from '@docsync/api';
import { resourceUrls } from '../resources/resource-urls.js';

/** The columns of a user that the API shows. */
export interface UserColumns {
  user_id: string;
  display_name: string;
  email: string | null;
  photo_url: string | null;
}

/** The API's User for a stored one; absent email and photo are left out, not null. */
export function userResource(row: UserColumns, baseUrl: string): User {
  const user: User = {
    object: 'user',
    id: row.user_id,
    displayName: row.display_name,
    urls: resourceUrls.user(baseUrl, row.user_id),
  };
  if (row.email !== null) user.email = row.email;
  if (row.photo_url !== null) user.photoURL = row.photo_url;
  return user;
}

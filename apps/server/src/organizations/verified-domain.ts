/** The domain of a user's email when it is verified: what lets them join organizations. */
export function verifiedDomain(user: {
  email: string | null;
  email_verified: unknown;
}): string | undefined {
  if (user.email === null || !user.email_verified) return undefined;
  const at = user.email.lastIndexOf('@');
  return at < 0 ? undefined : user.email.slice(at + 1).toLowerCase();
}

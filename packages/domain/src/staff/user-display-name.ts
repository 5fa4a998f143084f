/**
 * The display name of a user (spec section 3): first and last name, else e-mail, username, id.
 * Down here because the staff pages, the case tabs and a document's replies all show it.
 */
export function userDisplayName(user: {
  id: string;
  firstname: string | null;
  surname: string | null;
  email?: string | null;
  username?: string | null;
}): string {
  const name = [user.firstname, user.surname].filter(Boolean).join(' ');
  return name || user.email || user.username || user.id;
}

/**
 * Texts of the admin sign-in, shared by the server (next-auth's authorize) and the
 * sign-in page. No `server-only`: the browser shows them.
 */

/** Wrong username or wrong password alike, so the page does not reveal which usernames exist. */
export const WRONG_CREDENTIALS_MESSAGE = "Incorrect username or password.";
export const SIGN_IN_UNAVAILABLE_MESSAGE = "Sign-in is unavailable right now. Please try again in a moment.";
export const SIGN_IN_NETWORK_MESSAGE = "Could not reach the server. Check your connection and try again.";

// The login's address that keeps a visitor's activities: it makes an account (or logs in),
// gives the kept activities named (`keep`: their places in the outbox) to it, and shows
// the history, where they upload.

/** Where the history is, once the kept activities are the account's. */
const AFTER = '#/profile';

/** The login's address keeping `sequences`; `register` opens it on Create account. */
export function keepAddress(sequences, register) {
  const query = new URLSearchParams({ ...(register ? { register: '1' } : {}), why: 'keep', keep: sequences.join(','), next: AFTER });
  return `#/login?${query}`;
}

/** The outbox places named by the login's `keep` (none when absent or malformed). */
export function keptSequences(keep) {
  return String(keep ?? '').split(',').map(Number).filter((sequence) => Number.isInteger(sequence) && sequence > 0);
}

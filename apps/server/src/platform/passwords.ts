/**
 * Password hashing (argon2id, OWASP parameters) and the common-password check. The argon2 addon
 * and the password list load on first use: the server's first answer needs neither (ADR 0020).
 */

/** Argon2id (the const enum value 2; const enums can't be imported under verbatimModuleSyntax). */
export const PASSWORD_HASH_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * What `hashPassword` uses: the OWASP parameters above. A hook for the server's tests only, which
 * run the app in their own process (test/setup.ts lowers the cost: a test makes many accounts and
 * each costs ~0.1 s of processor time at full cost); the server has no setting for it. A hash
 * names its parameters, so verifying follows whichever made it.
 */
export const passwordHashing: { options: { algorithm: 2; memoryCost: number; timeCost: number; parallelism: number } } = {
  options: PASSWORD_HASH_OPTIONS,
};

let common: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));
  return (await common).has(password.toLowerCase());
}

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await import('@node-rs/argon2');
  return hash(password, passwordHashing.options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await import('@node-rs/argon2');
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this keeps the timing of "unknown email" equal to "wrong password". */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  return dummyHash;
}

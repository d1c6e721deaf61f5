/**
 * Password hashing (argon2id, OWASP parameters) and the common-password check. The argon2 addon
 * and the password list load on first use: the server's first answer needs neither (ADR 0020).
 */

/** Argon2id (the const enum value 2; const enums can't be imported under verbatimModuleSyntax). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let common: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));
  return (await common).has(password.toLowerCase());
}

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await import('@node-rs/argon2');
  return hash(password, OPTIONS);
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

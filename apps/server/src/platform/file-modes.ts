/**
 * Files at rest are the owner's only (issue 31): the embedded database, stored files and backups
 * hold sign-in links, chats, notes and unrevealed draw secrets. New files get no group or world
 * bits (a umask of 077, which PGlite's own files follow too, its thread being in this process);
 * a data folder made before this, or copied in, is put right at start.
 */
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

export const OWNER_FILE = 0o600;
export const OWNER_FOLDER = 0o700;

/** Every file this process creates from now on is readable by its owner only. */
export function ownerOnlyFromNowOn(): void {
  try {
    process.umask(0o077);
  } catch {
    // A worker thread cannot set it; the process that started it did.
  }
}

/** Takes the group and world bits off a folder and everything in it (links are left alone). */
export async function makeOwnerOnly(target: string): Promise<void> {
  let info;
  try {
    info = await lstat(target);
  } catch {
    return;
  }
  if (info.isSymbolicLink()) return;
  if ((info.mode & 0o077) !== 0) await chmod(target, info.mode & 0o700);
  if (!info.isDirectory()) return;
  // A folder's entries side by side: the embedded database alone is over a thousand files.
  await Promise.all((await readdir(target)).map((entry) => makeOwnerOnly(path.join(target, entry))));
}

/**
 * The data folder exists and is owner-only itself, and every file made from now on is: no one
 * else can reach anything inside it from here on. What is already inside is put right by
 * `makeOwnerOnly` (the server does that while the database opens).
 */
export async function protectDataDirFolder(dataDir: string): Promise<void> {
  ownerOnlyFromNowOn();
  await mkdir(dataDir, { recursive: true, mode: OWNER_FOLDER });
  const info = await lstat(dataDir);
  if ((info.mode & 0o077) !== 0) await chmod(dataDir, info.mode & 0o700);
}

/** At the start of the server or of a backup: the folder exists, is owner-only, and stays so. */
export async function protectDataDir(dataDir: string): Promise<void> {
  await protectDataDirFolder(dataDir);
  await makeOwnerOnly(dataDir);
}

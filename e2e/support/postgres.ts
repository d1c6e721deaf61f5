/** The PostgreSQL server the tests may use (127.0.0.1:5432, or TEST_DATABASE_URL), when one answers. */
import { connect } from 'node:net';
import pg from 'pg';

const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const postgresAnswers = await new Promise<boolean>((resolve) => {
  const url = new URL(POSTGRES);
  const socket = connect(Number(url.port || 5432), url.hostname);
  socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
  socket.setTimeout(1000, () => resolve(false));
});

/** Runs `body` with the URL of a fresh PostgreSQL database named after `purpose`, dropped afterwards. */
export async function withFreshDatabase(
  purpose: string,
  body: (url: string) => Promise<void>,
): Promise<void> {
  const name = `estate_${purpose}_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES);
    url.pathname = `/${name}`;
    await body(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

/**
 * A photo for an item removed meanwhile, on the PostgreSQL server only (scripts/test-postgres.mjs):
 * a second connection holds the removal open, and the embedded database has only one. In a file of
 * its own, so that pass does not run every other photo test again.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { testDatabaseUrl, untilWaitingForLock, useHarness } from '../../test/harness.js';
import { createEstate, createItem, createUser } from '../../test/factories.js';
import { phonePhoto, uploadPhoto } from '../../test/photos.js';

describe.runIf(process.env.TEST_DATABASE_URL)('on the PostgreSQL server', () => {
  const h = useHarness();

  it('answers a photo for an item removed meanwhile with "reload and try again", not an error of ours', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const item = await createItem(h, estateId, trustee);
    const other = new pg.Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('delete from items where id = $1', [item.id]);
      const uploading = uploadPhoto(h, estateId, item.id, trustee, await phonePhoto());
      await untilWaitingForLock(other);
      await other.query('commit');
      const answer = await uploading;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().error.code).toBe('conflict');
    } finally {
      await other.end();
    }
  });
});

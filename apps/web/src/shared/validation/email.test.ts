import { describe, expect, it } from 'vitest';
import { emailSchema } from '@estate/domain/schemas/account';
import { isEmail, normalizeEmail } from './email';

describe('email check', () => {
  it.each(['a@b.co', 'First.Last+tag@example.org', ' MIXED@Case.COM ', 'x@sub.domain.museum'])(
    'accepts %s like the shared schema',
    (value) => {
      expect(isEmail(normalizeEmail(value))).toBe(true);
      expect(emailSchema.safeParse(value).success).toBe(true);
    },
  );

  it.each(['', 'plain', 'a@b', '@b.com', 'a..b@c.com', 'a@b.c', 'a b@c.com'])(
    'rejects %j like the shared schema',
    (value) => {
      expect(isEmail(normalizeEmail(value))).toBe(false);
      expect(emailSchema.safeParse(value).success).toBe(false);
    },
  );

  it('lower-cases and trims', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});

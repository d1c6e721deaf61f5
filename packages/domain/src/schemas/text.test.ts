import { describe, expect, it } from 'vitest';
import { Role } from '../roles.js';
import { messageText } from './conversations.js';
import { createItemBody, updateItemBody } from '../items.js';
import { loginBody, registerBody, updateMeBody } from './account.js';
import { approvalBody } from './approval.js';
import { createEstateBody, createInvitationBody } from './estate.js';
import { isStorableText, nameText, stripBidiControls, text, UNSTORABLE_TEXT_MESSAGE } from './text.js';

const NUL = '\u0000';
const LONE_HIGH = '\uD83D';
const LONE_LOW = '\uDF39';
const ROSE = '\u{1F339}';

describe('the shared text schema', () => {
  it('tells storable text from NUL and half a surrogate pair', () => {
    for (const ok of [
      '',
      'Oak Chair',
      `Rose ${ROSE}`,
      'عقد لؤلؤ',
      'Çeyiz sandığı',
      '\\u0000 written out',
      'line\nbreak\ttab',
    ]) {
      expect(isStorableText(ok), JSON.stringify(ok)).toBe(true);
    }
    for (const bad of [
      NUL,
      `a${NUL}b`,
      LONE_HIGH,
      `${LONE_HIGH}x`,
      LONE_LOW,
      `x${LONE_LOW}`,
      `${ROSE}${LONE_LOW}`,
      `${LONE_HIGH}${LONE_HIGH}`,
    ]) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses unstorable text with the plain message, trims names and bounds length', () => {
    const result = nameText(10).safeParse(`Ann${NUL}`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(nameText(10).parse('  Ann  ')).toBe('Ann');
    expect(nameText(10).safeParse('   ').error?.issues[0]?.message).toBe('validation.required');
    expect(nameText(3).safeParse('Anna').success).toBe(false);
    expect(text(20).parse('  as typed ')).toBe('  as typed ');
    expect(text(20, { trim: true }).parse('  trimmed ')).toBe('trimmed');
  });

  it('is what the body schemas use, for every kind of text field', () => {
    const refused: [
      string,
      {
        safeParse(v: unknown): {
          success: boolean;
          error?: { issues: { path: PropertyKey[]; message: string }[] };
        };
      },
      unknown,
    ][] = [
      ['item name', createItemBody, { name: `Chair${NUL}` }],
      ['item notes', createItemBody, { name: 'Chair', notes: `worn ${LONE_HIGH}` }],
      ['item tag', createItemBody, { name: 'Chair', tags: [LONE_LOW] }],
      ['item brand', updateItemBody, { brand: NUL }],
      ['estate name', createEstateBody, { name: `Rose${NUL}` }],
      [
        'first name',
        registerBody,
        { firstName: NUL, lastName: 'Hill', email: 'ann@example.com', password: 'Quiet-Harbour-1947' },
      ],
      ['password', loginBody, { email: 'ann@example.com', password: `pw${NUL}` }],
      ['approval comment', approvalBody, { status: 'flagged', comment: `scratched ${LONE_HIGH}` }],
      ['settings shortcut', updateMeBody, { settings: { shortcuts: [NUL] } }],
    ];
    for (const [what, schema, value] of refused) {
      const issues = schema.safeParse(value).error?.issues ?? [];
      expect(
        issues.map((i) => i.message),
        what,
      ).toContain(UNSTORABLE_TEXT_MESSAGE);
    }
    expect(createItemBody.parse({ name: `  Rose ${ROSE} Vase ` }).name).toBe(`Rose ${ROSE} Vase`);
  });
});

describe('an offspring invitation', () => {
  const parent = '01a20a0b-72e9-74c0-8362-b2466daff5cd';
  const issues = (body: object) =>
    createInvitationBody.safeParse({ email: 'kid@example.com', ...body }).error?.issues ?? [];

  it('names the beneficiary who receives for them, and only offspring do', () => {
    expect(issues({ roles: [Role.Offspring], receivesThrough: parent })).toEqual([]);
    expect(issues({ roles: [Role.Offspring] })).toEqual([
      expect.objectContaining({ path: ['receivesThrough'], message: 'validation.parentRequired' }),
    ]);
    expect(issues({ roles: [Role.Beneficiary], receivesThrough: parent })).toEqual([
      expect.objectContaining({ path: ['receivesThrough'], message: 'validation.parentOnlyForOffspring' }),
    ]);
    expect(issues({ roles: [Role.Offspring], receivesThrough: 'grandma' })).toEqual([
      expect.objectContaining({ path: ['receivesThrough'], message: 'validation.parent' }),
    ]);
  });
});

describe('names without bidirectional controls, messages that show something', () => {
  it('drops every bidi control from a name and keeps the rest, right-to-left letters included', () => {
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
    for (const c of controls) expect(stripBidiControls(`a${c}b`)).toBe('ab');
    expect(nameText(200).parse(' \u202Egpj.exe ')).toBe('gpj.exe');
    expect(nameText(200).parse('שולחן \u200Fאוכל')).toBe('שולחן אוכל');
    expect(nameText(200).safeParse('\u202E\u200B').success).toBe(false);
  });

  it('refuses a chat message of only spaces or zero-width characters', () => {
    for (const t of ['\u200B', '\u200C\u200D', '\u2060', '\uFEFF', ' \u200B \n']) expect(messageText.safeParse(t).success).toBe(false);
    expect(messageText.parse(' a\u200B ')).toBe('a\u200B');
  });
});

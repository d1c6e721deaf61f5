import { describe, expect, it } from 'vitest';
import termsEn from './content/terms.en.json' with { type: 'json' };
import termsTr from './content/terms.tr.json' with { type: 'json' };
import termsAr from './content/terms.ar.json' with { type: 'json' };
import agreementEn from './content/agreement.en.json' with { type: 'json' };
import agreementTr from './content/agreement.tr.json' with { type: 'json' };
import agreementAr from './content/agreement.ar.json' with { type: 'json' };
import { AGREEMENT_PART_IDS, TERMS_VERSION, canSeeLevel, documentTypeOf, givesInput, hasAcceptedCurrent, previewable, visibleLevels } from './consent.js';
import { Role } from './roles.js';

const terms = { en: termsEn, tr: termsTr, ar: termsAr };
const agreements = { en: agreementEn, tr: agreementTr, ar: agreementAr };

describe('the documents', () => {
  it('the Terms have 10 parts and the version the rules ask for, in every language', () => {
    for (const doc of Object.values(terms)) {
      expect(Number(doc.version)).toBe(TERMS_VERSION);
      expect(doc.parts).toHaveLength(10);
    }
  });

  it('the Agreement has the 4 parts a trustee can add to, in every language', () => {
    for (const doc of Object.values(agreements)) expect(doc.parts.map((p) => p.id)).toEqual([...AGREEMENT_PART_IDS]);
  });

  it('the Agreement says in plain words who sees what: counts only, trustees and observers see the inputs, full records after the results if the trustee chooses', () => {
    const says: Record<keyof typeof agreements, string[]> = {
      en: ['how many people hearted', 'never who', 'observer', 'see all hearts, rankings and tokens', 'After the results are published', 'full draw records'],
      tr: ['kaç kişinin kalp koyduğunu', 'kimin koyduğunu', 'gözlemciler', 'tüm kalpleri, sıralamaları ve jetonları görür', 'Sonuçlar yayımlandıktan sonra', 'kura kayıtlarının tamamını'],
      ar: ['عدد من وضعوا قلبًا', 'لا يرى أبدًا من وضعه', 'مراقب', 'فيرون جميع القلوب والترتيبات والرموز', 'بعد نشر النتائج', 'سجلات القرعة الكاملة'],
    };
    for (const [lang, phrases] of Object.entries(says)) {
      const text = agreements[lang as keyof typeof agreements].parts.map((p) => p.body).join('\n');
      for (const phrase of phrases) expect(text, `${lang}: ${phrase}`).toContain(phrase);
    }
  });
});

describe('who must accept', () => {
  it('asks for both current versions', () => {
    expect(hasAcceptedCurrent({ terms: 1, agreement: 2 }, { terms: 1, agreement: 2 })).toBe(true);
    expect(hasAcceptedCurrent({ terms: 1, agreement: 1 }, { terms: 1, agreement: 2 })).toBe(false);
    expect(hasAcceptedCurrent({ terms: null, agreement: 2 }, { terms: 1, agreement: 2 })).toBe(false);
  });

  it('counts beneficiaries and offspring as giving input, not observers or creators', () => {
    expect(givesInput([Role.Beneficiary])).toBe(true);
    expect(givesInput([Role.Offspring])).toBe(true);
    expect(givesInput([Role.Trustee, Role.Beneficiary])).toBe(true);
    expect(givesInput([Role.Observer, Role.Creator, Role.Trustee])).toBe(false);
  });
});

describe('the vault', () => {
  it('shows each level to the right people', () => {
    expect(visibleLevels([Role.Trustee])).toEqual(['trustees', 'beneficiaries', 'everyone']);
    expect(visibleLevels([Role.Observer])).toEqual(['trustees', 'beneficiaries', 'everyone']);
    expect(visibleLevels([Role.Beneficiary])).toEqual(['beneficiaries', 'everyone']);
    expect(visibleLevels([Role.Offspring])).toEqual(['everyone']);
    expect(canSeeLevel([Role.Creator], 'beneficiaries')).toBe(false);
  });

  it('takes PDF, images and office files by their sniffed type, and nothing a browser would run', () => {
    expect(documentTypeOf('application/pdf', 'x.exe')).toMatchObject({ kind: 'pdf', extension: 'pdf' });
    expect(documentTypeOf('application/x-cfb', 'old letter.DOC')).toMatchObject({ kind: 'office', extension: 'doc', contentType: 'application/msword' });
    expect(documentTypeOf('application/x-cfb', 'thumbs.db')).toBeUndefined();
    expect(documentTypeOf(undefined, 'page.html')).toBeUndefined();
    expect(documentTypeOf('image/svg+xml', 'a.svg')).toBeUndefined();
    expect(documentTypeOf('text/html', 'a.pdf')).toBeUndefined();
    expect(previewable('application/pdf')).toBe(true);
    expect(previewable('image/png')).toBe(true);
    expect(previewable('application/msword')).toBe(false);
  });
});

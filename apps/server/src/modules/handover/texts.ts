/**
 * The words of the pick-up lists and receipt sheets, in the receiver's language (en, tr, ar); the
 * hand-over mails are with the other mails (`@estate/domain/content/mail.*.json`).
 * The web app's own words are in its `handover` namespace.
 */
import type { HandoverMethod, HandoverViewStatus } from '@estate/domain/handover';

export type Language = 'en' | 'tr' | 'ar';

type Texts = {
  pickupTitle: string;
  pickupIntro: string;
  receiptTitle: string;
  receiptIntro: string;
  generated: string;
  columns: { photo: string; number: string; name: string; location: string; room: string; reason: string; status: string; received: string; confirmedBy: string };
  statuses: Record<HandoverViewStatus, string>;
  methods: Record<HandoverMethod, string>;
  reasons: Record<string, string>;
  none: string;
  notYet: string;
  count: (n: number) => string;
  sheet: string;
};

export const TEXTS: Record<Language, Texts> = {
  en: {
    pickupTitle: 'Pick-up list',
    pickupIntro: 'Items of the estate “{estate}” for {name}.',
    receiptTitle: 'Receipt of items',
    receiptIntro: 'Items of the estate “{estate}” received by {name}, with the time each was confirmed.',
    generated: 'Made on {date}',
    columns: { photo: 'Photo', number: 'Number', name: 'Item', location: 'Location', room: 'Room', reason: 'Why', status: 'Status', received: 'Received', confirmedBy: 'Confirmed by' },
    statuses: { assigned: 'To be handed over', scheduled: 'Scheduled', 'handed-over': 'Handed over', shipped: 'Shipped', received: 'Received', returned: 'Returned' },
    methods: { pickup: 'Pick-up', shipping: 'Shipping', 'in-person': 'In person' },
    reasons: { directive: 'Written directive', return: 'Goes back to its owner', 'only-interested': 'Only one interested', 'high-interest': 'High-interest draw', tokens: 'Priority tokens', trustee: 'Trustee’s decision' },
    none: 'There are no items on this list.',
    notYet: 'Not yet',
    count: (n) => (n === 1 ? '1 item' : `${n} items`),
    sheet: 'Pick-up list',
  },
  tr: {
    pickupTitle: 'Teslim alma listesi',
    pickupIntro: '“{estate}” terekesinden {name} için eşyalar.',
    receiptTitle: 'Eşya teslim belgesi',
    receiptIntro: '“{estate}” terekesinden {name} tarafından teslim alınan eşyalar ve her birinin onaylandığı zaman.',
    generated: '{date} tarihinde hazırlandı',
    columns: { photo: 'Fotoğraf', number: 'Numara', name: 'Eşya', location: 'Yer', room: 'Oda', reason: 'Neden', status: 'Durum', received: 'Teslim alındı', confirmedBy: 'Onaylayan' },
    statuses: { assigned: 'Teslim edilecek', scheduled: 'Planlandı', 'handed-over': 'Teslim edildi', shipped: 'Gönderildi', received: 'Teslim alındı', returned: 'İade edildi' },
    methods: { pickup: 'Gelip alma', shipping: 'Kargo', 'in-person': 'Elden' },
    reasons: { directive: 'Yazılı talimat', return: 'Sahibine geri döner', 'only-interested': 'Tek ilgilenen', 'high-interest': 'Yüksek ilgi çekilişi', tokens: 'Öncelik jetonları', trustee: 'Vasinin kararı' },
    none: 'Bu listede eşya yok.',
    notYet: 'Henüz değil',
    count: (n) => `${n} eşya`,
    sheet: 'Teslim alma listesi',
  },
  ar: {
    pickupTitle: 'قائمة الاستلام',
    pickupIntro: 'مقتنيات تركة «{estate}» الخاصة بـ {name}.',
    receiptTitle: 'إيصال استلام المقتنيات',
    receiptIntro: 'مقتنيات تركة «{estate}» التي استلمها {name}، مع وقت تأكيد كل منها.',
    generated: 'أُعدّت في {date}',
    columns: { photo: 'الصورة', number: 'الرقم', name: 'القطعة', location: 'المكان', room: 'الغرفة', reason: 'السبب', status: 'الحالة', received: 'الاستلام', confirmedBy: 'أكّده' },
    statuses: { assigned: 'بانتظار التسليم', scheduled: 'موعد محدد', 'handed-over': 'سُلِّمت', shipped: 'أُرسلت', received: 'استُلمت', returned: 'أُعيدت' },
    methods: { pickup: 'استلام من المكان', shipping: 'شحن', 'in-person': 'يدًا بيد' },
    reasons: { directive: 'وصية مكتوبة', return: 'تعود إلى صاحبها', 'only-interested': 'المهتم الوحيد', 'high-interest': 'قرعة القطع المرغوبة', tokens: 'رموز الأولوية', trustee: 'قرار الوصي' },
    none: 'لا توجد قطع في هذه القائمة.',
    notYet: 'ليس بعد',
    count: (n) => (n === 1 ? 'قطعة واحدة' : n === 2 ? 'قطعتان' : n <= 10 ? `${n} قطع` : `${n} قطعة`),
    sheet: 'قائمة الاستلام',
  },
};

export function languageOf(settings: Record<string, unknown> | null | undefined): Language {
  const language = settings?.['language'];
  return language === 'tr' || language === 'ar' ? language : 'en';
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function formatDateTime(language: Language, at: Date): string {
  const locale = language === 'ar' ? 'ar-EG' : language;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at) + ' (UTC)';
}

export function formatDay(language: Language, at: Date): string {
  const locale = language === 'ar' ? 'ar-EG' : language;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}

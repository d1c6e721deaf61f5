/**
 * The words of the pick-up lists, receipt sheets and hand-over mails, in the receiver's language
 * (en, tr, ar). The web app's own words are in its `handover` namespace.
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
  mail: {
    greeting: (name: string) => string;
    scheduledSubject: (estate: string) => string;
    scheduled: (estate: string) => string;
    shippedSubject: (estate: string) => string;
    shipped: (estate: string) => string;
    reminderSubject: (estate: string) => string;
    reminder: (estate: string) => string;
    forChild: (name: string) => string;
    when: (date: string) => string;
    button: string;
    closing: string;
  };
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
    mail: {
      greeting: (name) => `Hello ${name},`,
      scheduledSubject: (estate) => `Your items are scheduled – ${estate}`,
      scheduled: (estate) => `The trustee of the estate “${estate}” has scheduled the hand-over of these items to you:`,
      shippedSubject: (estate) => `Your items are on their way – ${estate}`,
      shipped: (estate) => `The trustee of the estate “${estate}” has sent these items to you:`,
      reminderSubject: (estate) => `Did your items arrive? – ${estate}`,
      reminder: (estate) => `These items of the estate “${estate}” were handed over or sent to you. When you have them, please confirm with one tap, so the family knows they arrived:`,
      forChild: (name) => `(for ${name})`,
      when: (date) => `When: ${date}`,
      button: 'Open my items',
      closing: 'With care,\nThe Estate Portal',
    },
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
    mail: {
      greeting: (name) => `Merhaba ${name},`,
      scheduledSubject: (estate) => `Eşyalarınızın teslimi planlandı – ${estate}`,
      scheduled: (estate) => `“${estate}” terekesinin vasisi bu eşyaların size teslimini planladı:`,
      shippedSubject: (estate) => `Eşyalarınız yolda – ${estate}`,
      shipped: (estate) => `“${estate}” terekesinin vasisi bu eşyaları size gönderdi:`,
      reminderSubject: (estate) => `Eşyalarınız ulaştı mı? – ${estate}`,
      reminder: (estate) => `“${estate}” terekesinin bu eşyaları size teslim edildi ya da gönderildi. Elinize ulaştığında, ailenin bilmesi için tek dokunuşla onaylayın:`,
      forChild: (name) => `(${name} için)`,
      when: (date) => `Zaman: ${date}`,
      button: 'Eşyalarımı aç',
      closing: 'Sevgiyle,\nTereke Portalı',
    },
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
    mail: {
      greeting: (name) => `مرحبًا ${name}،`,
      scheduledSubject: (estate) => `تحدد موعد تسليم مقتنياتك – ${estate}`,
      scheduled: (estate) => `حدد الوصي على تركة «${estate}» موعد تسليم هذه المقتنيات إليك:`,
      shippedSubject: (estate) => `مقتنياتك في الطريق إليك – ${estate}`,
      shipped: (estate) => `أرسل الوصي على تركة «${estate}» هذه المقتنيات إليك:`,
      reminderSubject: (estate) => `هل وصلتك مقتنياتك؟ – ${estate}`,
      reminder: (estate) => `سُلِّمت إليك هذه المقتنيات من تركة «${estate}» أو أُرسلت إليك. عندما تصلك، أكّد استلامها بلمسة واحدة ليعرف أفراد العائلة أنها وصلت:`,
      forChild: (name) => `(لـ ${name})`,
      when: (date) => `الموعد: ${date}`,
      button: 'افتح مقتنياتي',
      closing: 'مع خالص المودة،\nبوابة التركات',
    },
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

import type { Language } from '@trackwell/contracts';

/**
 * Following the successor of a replaced standard, in the 14 languages: the change e-mail's
 * old → new line, its button (or, for a user who follows automatically, what was done), and the pages the
 * button's signed link opens. Placeholders: {old}, {new} (designations), {tenant}.
 */
export interface SuccessorStrings {
  /** The label of the old → new row of the e-mail's table. */
  replacedBy: string;
  trackInstead: string;
  nowTracking: string;
  /** The subject and headline of a new standard for a reader who tracks the one it replaces. */
  replacesTracked: string;
  /** The label of the replaced edition's publication date. */
  previousPublished: string;
  page: {
    title: string;
    body: string;
    doneTitle: string;
    alreadyTitle: string;
    invalid: string;
    openTracker: string;
  };
}

export const SUCCESSOR_STRINGS: Record<Language, SuccessorStrings> = {
  en: {
    replacedBy: 'Replaced by',
    trackInstead: 'Track {new} instead',
    nowTracking: 'You now track {new} instead of {old}.',
    replacesTracked: 'New standard {new} replaces {old}, which you track',
    previousPublished: 'Previous edition published',
    page: {
      title: 'Track {new} instead of {old}?',
      body: 'Your tracker at {tenant} will follow {new} and stop tracking {old}.',
      doneTitle: 'You now track {new} instead of {old}.',
      alreadyTitle: 'Already done: you track {new} instead of {old}.',
      invalid: 'This link is not valid or has expired.',
      openTracker: 'Open your tracker',
    },
  },
  ar: {
    replacedBy: 'حلّت محلها',
    trackInstead: 'تابِع {new} بدلًا منها',
    nowTracking: 'أنت تتابع الآن {new} بدلًا من {old}.',
    replacesTracked: 'مواصفة جديدة {new} تحلّ محل {old} التي تتابعها',
    previousPublished: 'تاريخ نشر الإصدار السابق',
    page: {
      title: 'هل تريد متابعة {new} بدلًا من {old}؟',
      body: 'سيتابع متتبّعك في {tenant} المواصفة {new} ويتوقف عن متابعة {old}.',
      doneTitle: 'أنت تتابع الآن {new} بدلًا من {old}.',
      alreadyTitle: 'تم ذلك من قبل: أنت تتابع {new} بدلًا من {old}.',
      invalid: 'هذا الرابط غير صالح أو انتهت صلاحيته.',
      openTracker: 'افتح متتبّعك',
    },
  },
  ru: {
    replacedBy: 'Заменён на',
    trackInstead: 'Отслеживать {new} вместо него',
    nowTracking: 'Теперь вы отслеживаете {new} вместо {old}.',
    replacesTracked: 'Новый стандарт {new} заменяет отслеживаемый вами {old}',
    previousPublished: 'Предыдущая редакция опубликована',
    page: {
      title: 'Отслеживать {new} вместо {old}?',
      body: 'Ваш трекер в {tenant} будет отслеживать {new} и перестанет отслеживать {old}.',
      doneTitle: 'Теперь вы отслеживаете {new} вместо {old}.',
      alreadyTitle: 'Уже сделано: вы отслеживаете {new} вместо {old}.',
      invalid: 'Эта ссылка недействительна или устарела.',
      openTracker: 'Открыть трекер',
    },
  },
  fr_CA: {
    replacedBy: 'Remplacée par',
    trackInstead: 'Suivre {new} à la place',
    nowTracking: 'Vous suivez maintenant {new} au lieu de {old}.',
    replacesTracked: 'La nouvelle norme {new} remplace {old}, que vous suivez',
    previousPublished: 'Édition précédente publiée le',
    page: {
      title: 'Suivre {new} au lieu de {old}?',
      body: 'Votre suivi sur {tenant} suivra {new} et cessera de suivre {old}.',
      doneTitle: 'Vous suivez maintenant {new} au lieu de {old}.',
      alreadyTitle: 'Déjà fait : vous suivez {new} au lieu de {old}.',
      invalid: 'Ce lien n’est pas valide ou a expiré.',
      openTracker: 'Ouvrir votre suivi',
    },
  },
  zh_Hans: {
    replacedBy: '替代标准',
    trackInstead: '改为跟踪 {new}',
    nowTracking: '您现在跟踪 {new}，不再跟踪 {old}。',
    replacesTracked: '新标准 {new} 替代您跟踪的 {old}',
    previousPublished: '上一版本发布日期',
    page: {
      title: '改为跟踪 {new} 而不是 {old}？',
      body: '您在 {tenant} 的跟踪器将跟踪 {new}，并停止跟踪 {old}。',
      doneTitle: '您现在跟踪 {new}，不再跟踪 {old}。',
      alreadyTitle: '已完成：您跟踪的是 {new} 而不是 {old}。',
      invalid: '此链接无效或已过期。',
      openTracker: '打开您的跟踪器',
    },
  },
  fr_FR: {
    replacedBy: 'Remplacée par',
    trackInstead: 'Suivre {new} à la place',
    nowTracking: 'Vous suivez désormais {new} au lieu de {old}.',
    replacesTracked: 'La nouvelle norme {new} remplace {old}, que vous suivez',
    previousPublished: 'Édition précédente publiée le',
    page: {
      title: 'Suivre {new} au lieu de {old} ?',
      body: 'Votre suivi sur {tenant} suivra {new} et cessera de suivre {old}.',
      doneTitle: 'Vous suivez désormais {new} au lieu de {old}.',
      alreadyTitle: 'Déjà fait : vous suivez {new} au lieu de {old}.',
      invalid: 'Ce lien n’est pas valide ou a expiré.',
      openTracker: 'Ouvrir votre suivi',
    },
  },
  de: {
    replacedBy: 'Ersetzt durch',
    trackInstead: 'Stattdessen {new} verfolgen',
    nowTracking: 'Sie verfolgen jetzt {new} statt {old}.',
    replacesTracked: 'Neue Norm {new} ersetzt {old}, die Sie verfolgen',
    previousPublished: 'Vorherige Ausgabe veröffentlicht',
    page: {
      title: '{new} statt {old} verfolgen?',
      body: 'Ihr Tracker bei {tenant} verfolgt dann {new} und nicht mehr {old}.',
      doneTitle: 'Sie verfolgen jetzt {new} statt {old}.',
      alreadyTitle: 'Bereits erledigt: Sie verfolgen {new} statt {old}.',
      invalid: 'Dieser Link ist ungültig oder abgelaufen.',
      openTracker: 'Ihren Tracker öffnen',
    },
  },
  it: {
    replacedBy: 'Sostituita da',
    trackInstead: 'Segui {new} al suo posto',
    nowTracking: 'Ora segui {new} invece di {old}.',
    replacesTracked: 'La nuova norma {new} sostituisce {old}, che segui',
    previousPublished: 'Edizione precedente pubblicata il',
    page: {
      title: 'Seguire {new} invece di {old}?',
      body: 'Il tuo tracker su {tenant} seguirà {new} e smetterà di seguire {old}.',
      doneTitle: 'Ora segui {new} invece di {old}.',
      alreadyTitle: 'Già fatto: segui {new} invece di {old}.',
      invalid: 'Questo link non è valido o è scaduto.',
      openTracker: 'Apri il tuo tracker',
    },
  },
  ja: {
    replacedBy: '後継規格',
    trackInstead: '代わりに {new} を追跡する',
    nowTracking: '{old} の代わりに {new} を追跡しています。',
    replacesTracked: '新しい規格 {new} が、追跡中の {old} を置き換えます',
    previousPublished: '前版の発行日',
    page: {
      title: '{old} の代わりに {new} を追跡しますか？',
      body: '{tenant} のトラッカーは {new} を追跡し、{old} の追跡を停止します。',
      doneTitle: '{old} の代わりに {new} を追跡しています。',
      alreadyTitle: '完了済み：{old} の代わりに {new} を追跡しています。',
      invalid: 'このリンクは無効か、有効期限が切れています。',
      openTracker: 'トラッカーを開く',
    },
  },
  ko: {
    replacedBy: '대체 표준',
    trackInstead: '대신 {new} 추적하기',
    nowTracking: '이제 {old} 대신 {new}을(를) 추적합니다.',
    replacesTracked: '새 표준 {new}이(가) 추적 중인 {old}을(를) 대체합니다',
    previousPublished: '이전 판 발행일',
    page: {
      title: '{old} 대신 {new}을(를) 추적할까요?',
      body: '{tenant}의 트래커가 {new}을(를) 추적하고 {old} 추적을 중단합니다.',
      doneTitle: '이제 {old} 대신 {new}을(를) 추적합니다.',
      alreadyTitle: '이미 완료됨: {old} 대신 {new}을(를) 추적하고 있습니다.',
      invalid: '이 링크는 유효하지 않거나 만료되었습니다.',
      openTracker: '트래커 열기',
    },
  },
  pt: {
    replacedBy: 'Substituída por',
    trackInstead: 'Acompanhar {new} em vez disso',
    nowTracking: 'Agora você acompanha {new} em vez de {old}.',
    replacesTracked: 'A nova norma {new} substitui {old}, que você acompanha',
    previousPublished: 'Edição anterior publicada em',
    page: {
      title: 'Acompanhar {new} em vez de {old}?',
      body: 'Seu rastreador em {tenant} passará a acompanhar {new} e deixará de acompanhar {old}.',
      doneTitle: 'Agora você acompanha {new} em vez de {old}.',
      alreadyTitle: 'Já feito: você acompanha {new} em vez de {old}.',
      invalid: 'Este link não é válido ou expirou.',
      openTracker: 'Abrir seu rastreador',
    },
  },
  es: {
    replacedBy: 'Reemplazada por',
    trackInstead: 'Seguir {new} en su lugar',
    nowTracking: 'Ahora sigue {new} en lugar de {old}.',
    replacesTracked: 'La nueva norma {new} reemplaza a {old}, que sigue',
    previousPublished: 'Edición anterior publicada el',
    page: {
      title: '¿Seguir {new} en lugar de {old}?',
      body: 'Su seguimiento en {tenant} seguirá {new} y dejará de seguir {old}.',
      doneTitle: 'Ahora sigue {new} en lugar de {old}.',
      alreadyTitle: 'Ya está hecho: sigue {new} en lugar de {old}.',
      invalid: 'Este enlace no es válido o ha caducado.',
      openTracker: 'Abrir su seguimiento',
    },
  },
  tr: {
    replacedBy: 'Yerine gelen',
    trackInstead: 'Bunun yerine {new} standardını izle',
    nowTracking: 'Artık {old} yerine {new} standardını izliyorsunuz.',
    replacesTracked: 'Yeni standart {new}, izlediğiniz {old} standardının yerini alıyor',
    previousPublished: 'Önceki baskının yayın tarihi',
    page: {
      title: '{old} yerine {new} izlensin mi?',
      body: '{tenant} izleyiciniz {new} standardını izleyecek ve {old} standardını izlemeyi bırakacak.',
      doneTitle: 'Artık {old} yerine {new} standardını izliyorsunuz.',
      alreadyTitle: 'Zaten yapıldı: {old} yerine {new} standardını izliyorsunuz.',
      invalid: 'Bu bağlantı geçerli değil veya süresi dolmuş.',
      openTracker: 'İzleyicinizi açın',
    },
  },
  es_ES: {
    replacedBy: 'Sustituida por',
    trackInstead: 'Seguir {new} en su lugar',
    nowTracking: 'Ahora sigues {new} en lugar de {old}.',
    replacesTracked: 'La nueva norma {new} sustituye a {old}, que sigues',
    previousPublished: 'Edición anterior publicada el',
    page: {
      title: '¿Seguir {new} en lugar de {old}?',
      body: 'Tu seguimiento en {tenant} seguirá {new} y dejará de seguir {old}.',
      doneTitle: 'Ahora sigues {new} en lugar de {old}.',
      alreadyTitle: 'Ya está hecho: sigues {new} en lugar de {old}.',
      invalid: 'Este enlace no es válido o ha caducado.',
      openTracker: 'Abrir tu seguimiento',
    },
  },
};

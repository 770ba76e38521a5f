import type { Language } from '@trackwell/contracts';

/**
 * The e-mail an organisation list sends to its outside recipients (an address without an account) for each
 * change to a standard on it, and its one-click unsubscribe page, in the 14 languages. The change's own
 * headline is the change e-mail's (strings.ts `headline`). Placeholders: {list}, {organisation}, {email},
 * {headline}.
 */
export interface ListRecipientStrings {
  subject: string;
  greeting: string;
  body: string;
  why: string;
  unsubscribe: string;
  page: { title: string; body: string; button: string; doneTitle: string; doneBody: string; invalid: string };
}

const fr: ListRecipientStrings = {
  subject: '{list} : {headline}',
  greeting: 'Bonjour,',
  body: 'Une norme de la liste de veille {list} de {organisation} a changé :',
  why: 'Vous recevez ce message parce qu’un membre de {organisation} a ajouté {email} à cette liste.',
  unsubscribe: 'Ne plus recevoir les messages de cette liste (un clic) :',
  page: {
    title: 'Ne plus recevoir les messages de cette liste ?',
    body: '{email} ne recevra plus les changements de la liste {list} de {organisation}.',
    button: 'Me désabonner',
    doneTitle: 'Désabonnement effectué',
    doneBody: '{email} ne recevra plus de messages de la liste {list}.',
    invalid: 'Ce lien n’est pas valide.',
  },
};

const es: ListRecipientStrings = {
  subject: '{list}: {headline}',
  greeting: 'Hola:',
  body: 'Ha cambiado una norma de la lista de seguimiento {list} de {organisation}:',
  why: 'Recibe este mensaje porque un miembro de {organisation} añadió {email} a esta lista.',
  unsubscribe: 'Dejar de recibir los mensajes de esta lista (un clic):',
  page: {
    title: '¿Dejar de recibir los mensajes de esta lista?',
    body: '{email} dejará de recibir los cambios de la lista {list} de {organisation}.',
    button: 'Darme de baja',
    doneTitle: 'Baja realizada',
    doneBody: '{email} ya no recibirá mensajes de la lista {list}.',
    invalid: 'Este enlace no es válido.',
  },
};

export const LIST_RECIPIENT_STRINGS: Record<Language, ListRecipientStrings> = {
  en: {
    subject: '{list}: {headline}',
    greeting: 'Hello,',
    body: 'A standard on the watch list {list} of {organisation} has changed:',
    why: 'You get this e-mail because a member of {organisation} added {email} to this list.',
    unsubscribe: 'Stop the e-mails of this list (one click):',
    page: {
      title: 'Stop the e-mails of this list?',
      body: '{email} will no longer get the changes of the list {list} of {organisation}.',
      button: 'Unsubscribe',
      doneTitle: 'Unsubscribed',
      doneBody: '{email} gets no more e-mails from the list {list}.',
      invalid: 'This link is not valid.',
    },
  },
  ar: {
    subject: '{list}: {headline}',
    greeting: 'مرحبًا،',
    body: 'تغيّرت مواصفة في قائمة المتابعة {list} التابعة لـ {organisation}:',
    why: 'تصلك هذه الرسالة لأن عضوًا في {organisation} أضاف {email} إلى هذه القائمة.',
    unsubscribe: 'أوقف رسائل هذه القائمة (بنقرة واحدة):',
    page: {
      title: 'هل تريد إيقاف رسائل هذه القائمة؟',
      body: 'لن تصل تغييرات القائمة {list} التابعة لـ {organisation} إلى {email} بعد الآن.',
      button: 'إلغاء الاشتراك',
      doneTitle: 'تم إلغاء الاشتراك',
      doneBody: 'لن تصل إلى {email} رسائل أخرى من القائمة {list}.',
      invalid: 'هذا الرابط غير صالح.',
    },
  },
  ru: {
    subject: '{list}: {headline}',
    greeting: 'Здравствуйте!',
    body: 'Изменился стандарт из списка отслеживания {list} организации {organisation}:',
    why: 'Вы получили это письмо, потому что участник {organisation} добавил {email} в этот список.',
    unsubscribe: 'Отписаться от писем этого списка (в один клик):',
    page: {
      title: 'Отписаться от писем этого списка?',
      body: 'На {email} больше не будут приходить изменения списка {list} организации {organisation}.',
      button: 'Отписаться',
      doneTitle: 'Вы отписались',
      doneBody: 'На {email} больше не будут приходить письма списка {list}.',
      invalid: 'Эта ссылка недействительна.',
    },
  },
  fr_CA: {
    ...fr,
    why: 'Vous recevez ce courriel parce qu’un membre de {organisation} a ajouté {email} à cette liste.',
  },
  zh_Hans: {
    subject: '{list}：{headline}',
    greeting: '您好：',
    body: '{organisation} 的关注列表 {list} 中的一项标准已变更：',
    why: '您收到此邮件，是因为 {organisation} 的一名成员将 {email} 添加到了此列表。',
    unsubscribe: '退订此列表的邮件（一键）：',
    page: {
      title: '退订此列表的邮件？',
      body: '{email} 将不再收到 {organisation} 的列表 {list} 的变更。',
      button: '退订',
      doneTitle: '已退订',
      doneBody: '{email} 将不再收到列表 {list} 的邮件。',
      invalid: '此链接无效。',
    },
  },
  fr_FR: fr,
  de: {
    subject: '{list}: {headline}',
    greeting: 'Guten Tag,',
    body: 'Eine Norm auf der Beobachtungsliste {list} von {organisation} hat sich geändert:',
    why: 'Sie erhalten diese E-Mail, weil ein Mitglied von {organisation} {email} zu dieser Liste hinzugefügt hat.',
    unsubscribe: 'Die E-Mails dieser Liste abbestellen (ein Klick):',
    page: {
      title: 'Die E-Mails dieser Liste abbestellen?',
      body: '{email} erhält die Änderungen der Liste {list} von {organisation} nicht mehr.',
      button: 'Abbestellen',
      doneTitle: 'Abbestellt',
      doneBody: '{email} erhält keine E-Mails der Liste {list} mehr.',
      invalid: 'Dieser Link ist nicht gültig.',
    },
  },
  it: {
    subject: '{list}: {headline}',
    greeting: 'Buongiorno,',
    body: 'È cambiata una norma dell’elenco di monitoraggio {list} di {organisation}:',
    why: 'Ricevi questa e-mail perché un membro di {organisation} ha aggiunto {email} a questo elenco.',
    unsubscribe: 'Non ricevere più le e-mail di questo elenco (un clic):',
    page: {
      title: 'Non ricevere più le e-mail di questo elenco?',
      body: '{email} non riceverà più le modifiche dell’elenco {list} di {organisation}.',
      button: 'Annulla l’iscrizione',
      doneTitle: 'Iscrizione annullata',
      doneBody: '{email} non riceverà più e-mail dall’elenco {list}.',
      invalid: 'Questo link non è valido.',
    },
  },
  ja: {
    subject: '{list}：{headline}',
    greeting: 'こんにちは。',
    body: '{organisation} のウォッチリスト {list} の規格が変更されました：',
    why: '{organisation} のメンバーが {email} をこのリストに追加したため、このメールをお送りしています。',
    unsubscribe: 'このリストのメールを停止する（ワンクリック）：',
    page: {
      title: 'このリストのメールを停止しますか？',
      body: '{email} には {organisation} のリスト {list} の変更が届かなくなります。',
      button: '配信停止',
      doneTitle: '配信を停止しました',
      doneBody: '{email} にはリスト {list} のメールが届かなくなりました。',
      invalid: 'このリンクは無効です。',
    },
  },
  ko: {
    subject: '{list}: {headline}',
    greeting: '안녕하세요.',
    body: '{organisation}의 관심 목록 {list}에 있는 표준이 변경되었습니다:',
    why: '{organisation}의 구성원이 {email}을(를) 이 목록에 추가하여 이 메일을 받으셨습니다.',
    unsubscribe: '이 목록의 메일 수신 거부(한 번 클릭):',
    page: {
      title: '이 목록의 메일 수신을 거부하시겠습니까?',
      body: '{email}은(는) 더 이상 {organisation}의 목록 {list} 변경 사항을 받지 않습니다.',
      button: '수신 거부',
      doneTitle: '수신 거부됨',
      doneBody: '{email}은(는) 더 이상 목록 {list}의 메일을 받지 않습니다.',
      invalid: '유효하지 않은 링크입니다.',
    },
  },
  pt: {
    subject: '{list}: {headline}',
    greeting: 'Olá,',
    body: 'Uma norma da lista de acompanhamento {list} de {organisation} mudou:',
    why: 'Você recebe este e-mail porque um membro de {organisation} adicionou {email} a esta lista.',
    unsubscribe: 'Parar os e-mails desta lista (um clique):',
    page: {
      title: 'Parar os e-mails desta lista?',
      body: '{email} deixará de receber as alterações da lista {list} de {organisation}.',
      button: 'Cancelar inscrição',
      doneTitle: 'Inscrição cancelada',
      doneBody: '{email} não receberá mais e-mails da lista {list}.',
      invalid: 'Este link não é válido.',
    },
  },
  es,
  tr: {
    subject: '{list}: {headline}',
    greeting: 'Merhaba,',
    body: '{organisation} kuruluşunun {list} izleme listesindeki bir standart değişti:',
    why: 'Bu e-postayı, {organisation} üyelerinden biri {email} adresini bu listeye eklediği için alıyorsunuz.',
    unsubscribe: 'Bu listenin e-postalarını durdur (tek tıklama):',
    page: {
      title: 'Bu listenin e-postaları durdurulsun mu?',
      body: '{email}, {organisation} kuruluşunun {list} listesindeki değişiklikleri artık almayacak.',
      button: 'Aboneliği iptal et',
      doneTitle: 'Abonelik iptal edildi',
      doneBody: '{email} artık {list} listesinden e-posta almayacak.',
      invalid: 'Bu bağlantı geçerli değil.',
    },
  },
  es_ES: {
    ...es,
    why: 'Recibe este correo electrónico porque un miembro de {organisation} añadió {email} a esta lista.',
  },
};

import type { Language } from '@trackwell/contracts';

/**
 * The organisation review notices, in the 14 languages: a reminder to the assignee before the due date, and
 * the overdue notice to the organisation's owners. Placeholders: {tenant}, {organisation}, {list},
 * {designation}, {due} (a date already written in the language).
 */
export interface ReviewNoticeStrings {
  greeting: string;
  reminderSubject: string;
  reminderBody: string;
  overdueSubject: string;
  overdueBody: string;
  action: string;
}

const fr: ReviewNoticeStrings = {
  greeting: 'Bonjour,',
  reminderSubject: '{tenant} : revue de {designation} à faire avant le {due}',
  reminderBody:
    'Votre revue du changement de {designation} pour la liste {list} de {organisation} est à faire avant le {due}.',
  overdueSubject: '{tenant} : revue de {designation} en retard',
  overdueBody:
    'La revue du changement de {designation} pour la liste {list} de {organisation} était à faire avant le {due} et n’est pas validée.',
  action: 'Ouvrir la revue :',
};
const es: ReviewNoticeStrings = {
  greeting: 'Hola:',
  reminderSubject: '{tenant}: revisión de {designation} antes del {due}',
  reminderBody:
    'Su revisión del cambio de {designation} para la lista {list} de {organisation} vence el {due}.',
  overdueSubject: '{tenant}: revisión de {designation} vencida',
  overdueBody:
    'La revisión del cambio de {designation} para la lista {list} de {organisation} venció el {due} y no está firmada.',
  action: 'Abrir la revisión:',
};

export const REVIEW_NOTICE_STRINGS: Record<Language, ReviewNoticeStrings> = {
  en: {
    greeting: 'Hello,',
    reminderSubject: '{tenant}: review of {designation} due {due}',
    reminderBody:
      'Your review of the change to {designation} for the list {list} of {organisation} is due {due}.',
    overdueSubject: '{tenant}: review of {designation} overdue',
    overdueBody:
      'The review of the change to {designation} for the list {list} of {organisation} was due {due} and is not signed off.',
    action: 'Open the review:',
  },
  ar: {
    greeting: 'مرحبًا،',
    reminderSubject: '{tenant}: مراجعة {designation} مستحقة في {due}',
    reminderBody: 'مراجعتك لتغيير {designation} في القائمة {list} التابعة لـ {organisation} مستحقة في {due}.',
    overdueSubject: '{tenant}: مراجعة {designation} متأخرة',
    overdueBody:
      'كانت مراجعة تغيير {designation} في القائمة {list} التابعة لـ {organisation} مستحقة في {due} ولم تُعتمد بعد.',
    action: 'افتح المراجعة:',
  },
  ru: {
    greeting: 'Здравствуйте!',
    reminderSubject: '{tenant}: проверка {designation} до {due}',
    reminderBody:
      'Срок вашей проверки изменения {designation} для списка {list} организации {organisation} — {due}.',
    overdueSubject: '{tenant}: проверка {designation} просрочена',
    overdueBody:
      'Проверка изменения {designation} для списка {list} организации {organisation} должна была завершиться {due} и не подписана.',
    action: 'Открыть проверку:',
  },
  fr_FR: fr,
  fr_CA: fr,
  zh_Hans: {
    greeting: '您好：',
    reminderSubject: '{tenant}：{designation} 的评审将于 {due} 到期',
    reminderBody: '您对 {organisation} 的列表 {list} 中 {designation} 变更的评审将于 {due} 到期。',
    overdueSubject: '{tenant}：{designation} 的评审已逾期',
    overdueBody: '{organisation} 的列表 {list} 中 {designation} 变更的评审应于 {due} 完成，尚未签核。',
    action: '打开评审：',
  },
  de: {
    greeting: 'Guten Tag,',
    reminderSubject: '{tenant}: Prüfung von {designation} fällig am {due}',
    reminderBody:
      'Ihre Prüfung der Änderung von {designation} für die Liste {list} von {organisation} ist am {due} fällig.',
    overdueSubject: '{tenant}: Prüfung von {designation} überfällig',
    overdueBody:
      'Die Prüfung der Änderung von {designation} für die Liste {list} von {organisation} war am {due} fällig und ist nicht abgezeichnet.',
    action: 'Prüfung öffnen:',
  },
  it: {
    greeting: 'Buongiorno,',
    reminderSubject: '{tenant}: revisione di {designation} entro il {due}',
    reminderBody:
      'La tua revisione della modifica di {designation} per l’elenco {list} di {organisation} scade il {due}.',
    overdueSubject: '{tenant}: revisione di {designation} in ritardo',
    overdueBody:
      'La revisione della modifica di {designation} per l’elenco {list} di {organisation} scadeva il {due} e non è approvata.',
    action: 'Apri la revisione:',
  },
  ja: {
    greeting: 'こんにちは。',
    reminderSubject: '{tenant}：{designation} のレビュー期限 {due}',
    reminderBody: '{organisation} のリスト {list} における {designation} の変更のレビュー期限は {due} です。',
    overdueSubject: '{tenant}：{designation} のレビューが期限切れです',
    overdueBody:
      '{organisation} のリスト {list} における {designation} の変更のレビューは {due} が期限でしたが、承認されていません。',
    action: 'レビューを開く：',
  },
  ko: {
    greeting: '안녕하세요.',
    reminderSubject: '{tenant}: {designation} 검토 기한 {due}',
    reminderBody: '{organisation}의 목록 {list}에 대한 {designation} 변경 검토 기한은 {due}입니다.',
    overdueSubject: '{tenant}: {designation} 검토 기한 초과',
    overdueBody:
      '{organisation}의 목록 {list}에 대한 {designation} 변경 검토 기한은 {due}였으며 아직 승인되지 않았습니다.',
    action: '검토 열기:',
  },
  pt: {
    greeting: 'Olá,',
    reminderSubject: '{tenant}: revisão de {designation} até {due}',
    reminderBody:
      'Sua revisão da alteração de {designation} para a lista {list} de {organisation} vence em {due}.',
    overdueSubject: '{tenant}: revisão de {designation} atrasada',
    overdueBody:
      'A revisão da alteração de {designation} para a lista {list} de {organisation} venceu em {due} e não foi aprovada.',
    action: 'Abrir a revisão:',
  },
  es,
  es_ES: es,
  tr: {
    greeting: 'Merhaba,',
    reminderSubject: '{tenant}: {designation} incelemesinin son günü {due}',
    reminderBody:
      '{organisation} kuruluşunun {list} listesi için {designation} değişikliğini incelemenizin son günü {due}.',
    overdueSubject: '{tenant}: {designation} incelemesi gecikti',
    overdueBody:
      '{organisation} kuruluşunun {list} listesi için {designation} değişikliğinin incelemesinin son günü {due} idi ve onaylanmadı.',
    action: 'İncelemeyi aç:',
  },
};

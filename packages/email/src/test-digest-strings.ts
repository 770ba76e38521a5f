import type { Language } from '@trackwell/contracts';

/**
 * A test digest's own words (the account's "Send me a test digest now"): the subject's mark, the line that
 * says what it is, and what it says when nothing is waiting yet.
 */
export interface TestDigestStrings {
  mark: string;
  intro: string;
  empty: string;
}

export const TEST_DIGEST_STRINGS: Record<Language, TestDigestStrings> = {
  en: {
    mark: 'Test',
    intro:
      'A test you asked for: the changes waiting for your next digest. Your digest still comes at its time.',
    empty: 'No changes are waiting for your next digest yet.',
  },
  ar: {
    mark: 'تجربة',
    intro: 'رسالة تجريبية طلبتها: التغييرات التي تنتظر ملخصك القادم. سيصلك ملخصك في موعده كالمعتاد.',
    empty: 'لا توجد تغييرات تنتظر ملخصك القادم حتى الآن.',
  },
  ru: {
    mark: 'Тест',
    intro:
      'Тестовое письмо по вашему запросу: изменения, ожидающие следующей сводки. Сводка придёт в обычное время.',
    empty: 'Пока нет изменений для следующей сводки.',
  },
  fr_CA: {
    mark: 'Test',
    intro:
      'Un test que vous avez demandé : les changements en attente de votre prochain résumé. Votre résumé arrivera quand même à l’heure prévue.',
    empty: 'Aucun changement n’attend encore votre prochain résumé.',
  },
  zh_Hans: {
    mark: '测试',
    intro: '这是您请求的测试邮件：等待下一份摘要的变更。您的摘要仍会按时发送。',
    empty: '目前还没有等待下一份摘要的变更。',
  },
  fr_FR: {
    mark: 'Test',
    intro:
      'Un test que vous avez demandé : les changements en attente de votre prochain récapitulatif. Votre récapitulatif arrivera quand même à l’heure prévue.',
    empty: 'Aucun changement n’attend encore votre prochain récapitulatif.',
  },
  de: {
    mark: 'Test',
    intro:
      'Ein Test auf Ihren Wunsch: die Änderungen, die auf Ihre nächste Zusammenfassung warten. Ihre Zusammenfassung kommt trotzdem zur gewohnten Zeit.',
    empty: 'Noch warten keine Änderungen auf Ihre nächste Zusammenfassung.',
  },
  it: {
    mark: 'Prova',
    intro:
      'Una prova che hai richiesto: le modifiche in attesa del tuo prossimo riepilogo. Il riepilogo arriverà comunque all’orario previsto.',
    empty: 'Nessuna modifica è ancora in attesa del tuo prossimo riepilogo.',
  },
  ja: {
    mark: 'テスト',
    intro:
      'ご依頼のテストメールです。次のダイジェストを待っている変更を表示しています。ダイジェストは通常どおりの時刻に届きます。',
    empty: '次のダイジェストを待っている変更はまだありません。',
  },
  ko: {
    mark: '테스트',
    intro:
      '요청하신 테스트 메일입니다. 다음 요약을 기다리는 변경 사항입니다. 요약은 예정된 시간에 그대로 발송됩니다.',
    empty: '다음 요약을 기다리는 변경 사항이 아직 없습니다.',
  },
  pt: {
    mark: 'Teste',
    intro:
      'Um teste que você pediu: as mudanças que aguardam seu próximo resumo. Seu resumo continua chegando no horário de sempre.',
    empty: 'Ainda não há mudanças aguardando seu próximo resumo.',
  },
  es: {
    mark: 'Prueba',
    intro:
      'Una prueba que pediste: los cambios que esperan tu próximo resumen. Tu resumen seguirá llegando a su hora.',
    empty: 'Todavía no hay cambios esperando tu próximo resumen.',
  },
  tr: {
    mark: 'Test',
    intro:
      'İstediğiniz bir test: bir sonraki özetinizi bekleyen değişiklikler. Özetiniz yine zamanında gelecek.',
    empty: 'Bir sonraki özetinizi bekleyen değişiklik henüz yok.',
  },
  es_ES: {
    mark: 'Prueba',
    intro:
      'Una prueba que has pedido: los cambios que esperan tu próximo resumen. Tu resumen seguirá llegando a su hora.',
    empty: 'Todavía no hay cambios esperando tu próximo resumen.',
  },
};

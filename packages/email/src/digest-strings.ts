import type { Language } from '@trackwell/contracts';

/**
 * The digest e-mail's own words, in the 14 languages of spec §3; everything else it says
 * (headlines, labels, why, the links) comes from EMAIL_STRINGS, as in the change e-mail. {count} is the
 * number of changes, written in a parenthesis so no plural form is needed.
 */
export interface DigestStrings {
  subject: { daily: string; weekly: string };
  intro: { daily: string; weekly: string };
}

export const DIGEST_STRINGS: Record<Language, DigestStrings> = {
  en: {
    subject: {
      daily: 'Your daily digest of changes ({count})',
      weekly: 'Your weekly digest of changes ({count})',
    },
    intro: {
      daily: 'Every change since your last daily digest:',
      weekly: 'Every change since your last weekly digest:',
    },
  },
  ar: {
    subject: { daily: 'ملخصك اليومي للتغييرات ({count})', weekly: 'ملخصك الأسبوعي للتغييرات ({count})' },
    intro: {
      daily: 'كل التغييرات منذ ملخصك اليومي السابق:',
      weekly: 'كل التغييرات منذ ملخصك الأسبوعي السابق:',
    },
  },
  ru: {
    subject: {
      daily: 'Ежедневная сводка изменений ({count})',
      weekly: 'Еженедельная сводка изменений ({count})',
    },
    intro: {
      daily: 'Все изменения с прошлой ежедневной сводки:',
      weekly: 'Все изменения с прошлой еженедельной сводки:',
    },
  },
  fr_CA: {
    subject: {
      daily: 'Votre récapitulatif quotidien des modifications ({count})',
      weekly: 'Votre récapitulatif hebdomadaire des modifications ({count})',
    },
    intro: {
      daily: 'Toutes les modifications depuis votre dernier récapitulatif quotidien :',
      weekly: 'Toutes les modifications depuis votre dernier récapitulatif hebdomadaire :',
    },
  },
  zh_Hans: {
    subject: { daily: '您的每日变更摘要（{count}）', weekly: '您的每周变更摘要（{count}）' },
    intro: { daily: '自上一封每日摘要以来的所有变更：', weekly: '自上一封每周摘要以来的所有变更：' },
  },
  fr_FR: {
    subject: {
      daily: 'Votre récapitulatif quotidien des modifications ({count})',
      weekly: 'Votre récapitulatif hebdomadaire des modifications ({count})',
    },
    intro: {
      daily: 'Toutes les modifications depuis votre dernier récapitulatif quotidien :',
      weekly: 'Toutes les modifications depuis votre dernier récapitulatif hebdomadaire :',
    },
  },
  de: {
    subject: {
      daily: 'Ihre tägliche Zusammenfassung der Änderungen ({count})',
      weekly: 'Ihre wöchentliche Zusammenfassung der Änderungen ({count})',
    },
    intro: {
      daily: 'Alle Änderungen seit Ihrer letzten täglichen Zusammenfassung:',
      weekly: 'Alle Änderungen seit Ihrer letzten wöchentlichen Zusammenfassung:',
    },
  },
  it: {
    subject: {
      daily: 'Il tuo riepilogo giornaliero delle modifiche ({count})',
      weekly: 'Il tuo riepilogo settimanale delle modifiche ({count})',
    },
    intro: {
      daily: "Tutte le modifiche dall'ultimo riepilogo giornaliero:",
      weekly: "Tutte le modifiche dall'ultimo riepilogo settimanale:",
    },
  },
  ja: {
    subject: {
      daily: '変更の日次ダイジェスト（{count} 件）',
      weekly: '変更の週次ダイジェスト（{count} 件）',
    },
    intro: {
      daily: '前回の日次ダイジェスト以降のすべての変更:',
      weekly: '前回の週次ダイジェスト以降のすべての変更:',
    },
  },
  ko: {
    subject: { daily: '변경 사항 일간 요약 ({count}건)', weekly: '변경 사항 주간 요약 ({count}건)' },
    intro: {
      daily: '지난 일간 요약 이후의 모든 변경 사항:',
      weekly: '지난 주간 요약 이후의 모든 변경 사항:',
    },
  },
  pt: {
    subject: {
      daily: 'O seu resumo diário de alterações ({count})',
      weekly: 'O seu resumo semanal de alterações ({count})',
    },
    intro: {
      daily: 'Todas as alterações desde o seu último resumo diário:',
      weekly: 'Todas as alterações desde o seu último resumo semanal:',
    },
  },
  es: {
    subject: {
      daily: 'Su resumen diario de cambios ({count})',
      weekly: 'Su resumen semanal de cambios ({count})',
    },
    intro: {
      daily: 'Todos los cambios desde su último resumen diario:',
      weekly: 'Todos los cambios desde su último resumen semanal:',
    },
  },
  tr: {
    subject: {
      daily: 'Günlük değişiklik özetiniz ({count})',
      weekly: 'Haftalık değişiklik özetiniz ({count})',
    },
    intro: {
      daily: 'Son günlük özetinizden bu yana tüm değişiklikler:',
      weekly: 'Son haftalık özetinizden bu yana tüm değişiklikler:',
    },
  },
  es_ES: {
    subject: {
      daily: 'Su resumen diario de cambios ({count})',
      weekly: 'Su resumen semanal de cambios ({count})',
    },
    intro: {
      daily: 'Todos los cambios desde su último resumen diario:',
      weekly: 'Todos los cambios desde su último resumen semanal:',
    },
  },
};

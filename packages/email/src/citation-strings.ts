import type { CatalogEventKind, Language, NotificationReason } from '@trackwell/contracts';

/**
 * Why a reader is told about a standard they do not track: a standard they track cites it (a CITATION
 * reason). An undated reference means the latest edition applies, and says so; a dated one points to one
 * edition, and the line says what became of that edition (replaced, amended, withdrawn). `{value}` is the
 * citing standard, `{cited}` the reference as it writes it; both are isolated in right-to-left text (bidi.ts).
 */
export interface CitationStrings {
  undated: string;
  /** `{state}`: what became of the cited edition. */
  dated: string;
  state: { new_edition: string; amendment: string; withdrawal: string; other: string };
  /** Added to an informative citation's line (one the reader chose). */
  informative: string;
}

const en: CitationStrings = {
  undated: '{value}, which you track, cites {cited}: an undated reference, so the latest edition applies.',
  dated: '{value}, which you track, cites {cited}: a dated reference to that edition, which is now {state}.',
  state: {
    new_edition: 'replaced by a new edition',
    amendment: 'amended',
    withdrawal: 'withdrawn',
    other: 'changed',
  },
  informative: '(An informative reference, from its bibliography.)',
};

export const CITATION_STRINGS: Record<Language, CitationStrings> = {
  en,
  ar: {
    undated: '{value}، التي تتابعها، تستشهد بـ {cited}: مرجع غير مؤرخ، لذا ينطبق أحدث إصدار.',
    dated: '{value}، التي تتابعها، تستشهد بـ {cited}: مرجع مؤرخ إلى ذلك الإصدار، وهو الآن {state}.',
    state: { new_edition: 'مستبدل بإصدار جديد', amendment: 'معدّل', withdrawal: 'مسحوب', other: 'متغيّر' },
    informative: '(مرجع إعلامي من قائمة المراجع.)',
  },
  ru: {
    undated:
      '{value}, который вы отслеживаете, ссылается на {cited}: недатированная ссылка, применяется последнее издание.',
    dated:
      '{value}, который вы отслеживаете, ссылается на {cited}: датированная ссылка на это издание, которое теперь {state}.',
    state: {
      new_edition: 'заменено новым изданием',
      amendment: 'изменено',
      withdrawal: 'отменено',
      other: 'изменено',
    },
    informative: '(Информативная ссылка из библиографии.)',
  },
  fr_CA: {
    undated:
      '{value}, que vous suivez, cite {cited} : une référence non datée, la dernière édition s’applique donc.',
    dated:
      '{value}, que vous suivez, cite {cited} : une référence datée à cette édition, qui est maintenant {state}.',
    state: {
      new_edition: 'remplacée par une nouvelle édition',
      amendment: 'amendée',
      withdrawal: 'annulée',
      other: 'modifiée',
    },
    informative: '(Une référence informative, tirée de sa bibliographie.)',
  },
  zh_Hans: {
    undated: '您跟踪的 {value} 引用了 {cited}：这是不注日期的引用，适用最新版本。',
    dated: '您跟踪的 {value} 引用了 {cited}：这是注日期的引用，仅适用该版本，该版本现已{state}。',
    state: { new_edition: '被新版本代替', amendment: '修订', withdrawal: '废止', other: '变更' },
    informative: '（资料性引用，来自其参考文献。）',
  },
  fr_FR: {
    undated:
      '{value}, que vous suivez, cite {cited} : une référence non datée, la dernière édition s’applique donc.',
    dated:
      '{value}, que vous suivez, cite {cited} : une référence datée à cette édition, qui est maintenant {state}.',
    state: {
      new_edition: 'remplacée par une nouvelle édition',
      amendment: 'amendée',
      withdrawal: 'annulée',
      other: 'modifiée',
    },
    informative: '(Une référence informative, tirée de sa bibliographie.)',
  },
  de: {
    undated:
      '{value}, die Sie verfolgen, verweist auf {cited}: eine undatierte Verweisung, es gilt also die neueste Ausgabe.',
    dated:
      '{value}, die Sie verfolgen, verweist auf {cited}: eine datierte Verweisung auf diese Ausgabe, die jetzt {state} ist.',
    state: {
      new_edition: 'durch eine neue Ausgabe ersetzt',
      amendment: 'geändert',
      withdrawal: 'zurückgezogen',
      other: 'geändert',
    },
    informative: '(Eine informative Verweisung aus ihren Literaturhinweisen.)',
  },
  it: {
    undated:
      '{value}, che segui, cita {cited}: un riferimento non datato, quindi si applica l’ultima edizione.',
    dated: '{value}, che segui, cita {cited}: un riferimento datato a quell’edizione, che ora è {state}.',
    state: {
      new_edition: 'sostituita da una nuova edizione',
      amendment: 'modificata',
      withdrawal: 'ritirata',
      other: 'cambiata',
    },
    informative: '(Un riferimento informativo, dalla sua bibliografia.)',
  },
  ja: {
    undated: '追跡中の {value} は {cited} を引用しています。発行年のない引用のため、最新版が適用されます。',
    dated: '追跡中の {value} は {cited} を引用しています。発行年付きの引用で、その版は現在{state}。',
    state: {
      new_edition: '新版に置き換えられています',
      amendment: '追補されています',
      withdrawal: '廃止されています',
      other: '変更されています',
    },
    informative: '（参考文献からの参考引用です。）',
  },
  ko: {
    undated:
      '추적 중인 {value}이(가) {cited}을(를) 인용합니다. 발행연도가 없는 인용이므로 최신판이 적용됩니다.',
    dated:
      '추적 중인 {value}이(가) {cited}을(를) 인용합니다. 해당 판에 대한 발행연도 인용이며, 그 판은 이제 {state}.',
    state: {
      new_edition: '새 판으로 대체되었습니다',
      amendment: '개정되었습니다',
      withdrawal: '폐지되었습니다',
      other: '변경되었습니다',
    },
    informative: '(참고문헌의 참고 인용입니다.)',
  },
  pt: {
    undated:
      '{value}, que você acompanha, cita {cited}: uma referência não datada, por isso aplica-se a edição mais recente.',
    dated:
      '{value}, que você acompanha, cita {cited}: uma referência datada a essa edição, que agora está {state}.',
    state: {
      new_edition: 'substituída por uma nova edição',
      amendment: 'emendada',
      withdrawal: 'cancelada',
      other: 'alterada',
    },
    informative: '(Uma referência informativa, da sua bibliografia.)',
  },
  es: {
    undated:
      '{value}, que usted sigue, cita {cited}: una referencia sin fecha, por lo que se aplica la última edición.',
    dated:
      '{value}, que usted sigue, cita {cited}: una referencia fechada a esa edición, que ahora está {state}.',
    state: {
      new_edition: 'sustituida por una nueva edición',
      amendment: 'modificada',
      withdrawal: 'anulada',
      other: 'cambiada',
    },
    informative: '(Una referencia informativa, de su bibliografía.)',
  },
  tr: {
    undated:
      'Takip ettiğiniz {value}, {cited} standardına atıf yapıyor: tarihsiz bir atıf, bu yüzden en son baskı geçerlidir.',
    dated:
      'Takip ettiğiniz {value}, {cited} standardına atıf yapıyor: o baskıya tarihli bir atıf; o baskı artık {state}.',
    state: {
      new_edition: 'yeni bir baskıyla değiştirildi',
      amendment: 'tadil edildi',
      withdrawal: 'geri çekildi',
      other: 'değişti',
    },
    informative: '(Kaynakçasından bilgi amaçlı bir atıf.)',
  },
  es_ES: {
    undated:
      '{value}, que sigue, cita {cited}: una referencia sin fecha, por lo que se aplica la última edición.',
    dated: '{value}, que sigue, cita {cited}: una referencia fechada a esa edición, que ahora está {state}.',
    state: {
      new_edition: 'sustituida por una nueva edición',
      amendment: 'modificada',
      withdrawal: 'anulada',
      other: 'cambiada',
    },
    informative: '(Una referencia informativa, de su bibliografía.)',
  },
};

/**
 * A reason's sentence template and the values it isolates: a CITATION's from the strings above (what became
 * of a dated reference's edition filled in as words, not as an isolated value), any other reason's from
 * `reasons` (the e-mail strings' `reason`).
 */
export function reasonTemplate(
  language: Language,
  reasons: Record<Exclude<NotificationReason['type'], 'CITATION'>, string>,
  reason: NotificationReason,
  kind: CatalogEventKind,
): { template: string; values: Record<string, string> } {
  if (reason.type !== 'CITATION') return { template: reasons[reason.type], values: { value: reason.value } };
  const c = CITATION_STRINGS[language];
  const state = c.state[kind as keyof CitationStrings['state']] ?? c.state.other;
  const sentence = reason.dated ? c.dated.replace('{state}', state) : c.undated;
  return {
    template: reason.informative ? `${sentence} ${c.informative}` : sentence,
    values: { value: reason.value, cited: reason.cited ?? '' },
  };
}

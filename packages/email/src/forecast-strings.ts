import type { ForecastKind, Language, ReviewStage } from '@trackwell/contracts';

/**
 * A review forecast's words in e-mails (the monthly status report, the review alert), in the 14 languages of
 * spec §3. {date}, {from} and {code} are the catalogue's dates and stage codes as they are (2027, 2027-03).
 */
export interface ForecastStrings {
  /** The forecast's name beside it (the standard's store page): "Next review". */
  heading: string;
  due: string;
  kinds: Record<ForecastKind, string>;
  label: string;
  from: { publication: string; confirmation: string };
  stage: Record<ReviewStage, string>;
  withdrawal: string;
  alertSubject: string;
  alertIntro: string;
  alertTurnOff: string;
}

const en: ForecastStrings = {
  heading: 'Next review',
  due: 'Review due {date} ({rule})',
  kinds: {
    'systematic-review': '{publisher} systematic review',
    reapproval: '{publisher} reapproval or revision',
    reaffirmation: '{publisher} revision or reaffirmation',
  },
  label: 'Forecast',
  from: { publication: 'counted from publication {from}', confirmation: 'counted from confirmation {from}' },
  stage: {
    'under-review': 'under systematic review now (stage {code})',
    'revision-decided': 'revision decided (stage {code})',
    confirmed: 'confirmed (stage {code})',
    'withdrawal-proposed': 'withdrawal proposed (stage {code})',
  },
  withdrawal: 'withdrawn {date} without action',
  alertSubject: 'Review due {date}: {designation}',
  alertIntro:
    "A standard you track is forecast to come up for review. This is a forecast from the publisher's usual rule, not an announcement.",
  alertTurnOff: 'Turn off review alerts',
};

const ar: ForecastStrings = {
  heading: 'المراجعة القادمة',
  due: 'المراجعة مستحقة في {date} ({rule})',
  kinds: {
    'systematic-review': 'المراجعة المنهجية لـ {publisher}',
    reapproval: 'إعادة الاعتماد أو التنقيح لدى {publisher}',
    reaffirmation: 'التنقيح أو إعادة التأكيد لدى {publisher}',
  },
  label: 'توقع',
  from: { publication: 'محسوبًا من النشر {from}', confirmation: 'محسوبًا من التأكيد {from}' },
  stage: {
    'under-review': 'قيد المراجعة المنهجية الآن (المرحلة {code})',
    'revision-decided': 'تقرر التنقيح (المرحلة {code})',
    confirmed: 'مؤكد (المرحلة {code})',
    'withdrawal-proposed': 'اقتُرح السحب (المرحلة {code})',
  },
  withdrawal: 'يُسحب في {date} دون إجراء',
  alertSubject: 'المراجعة مستحقة في {date}: {designation}',
  alertIntro: 'يُتوقع أن يحين موعد مراجعة معيار تتابعه. هذا توقع وفق القاعدة المعتادة للناشر، وليس إعلانًا.',
  alertTurnOff: 'إيقاف تنبيهات المراجعة',
};

const ru: ForecastStrings = {
  heading: 'Следующий пересмотр',
  due: 'Пересмотр ожидается {date} ({rule})',
  kinds: {
    'systematic-review': 'систематический пересмотр {publisher}',
    reapproval: 'переутверждение или пересмотр {publisher}',
    reaffirmation: 'пересмотр или подтверждение {publisher}',
  },
  label: 'Прогноз',
  from: { publication: 'отсчёт от публикации {from}', confirmation: 'отсчёт от подтверждения {from}' },
  stage: {
    'under-review': 'сейчас на систематическом пересмотре (стадия {code})',
    'revision-decided': 'решено пересмотреть (стадия {code})',
    confirmed: 'подтверждён (стадия {code})',
    'withdrawal-proposed': 'предложена отмена (стадия {code})',
  },
  withdrawal: 'отмена {date} без действий',
  alertSubject: 'Пересмотр ожидается {date}: {designation}',
  alertIntro:
    'Для отслеживаемого вами стандарта ожидается пересмотр. Это прогноз по обычному правилу издателя, а не объявление.',
  alertTurnOff: 'Отключить напоминания о пересмотре',
};

const fr: ForecastStrings = {
  heading: 'Prochain examen',
  due: 'Examen prévu {date} ({rule})',
  kinds: {
    'systematic-review': 'examen systématique {publisher}',
    reapproval: 'réapprobation ou révision {publisher}',
    reaffirmation: 'révision ou reconfirmation {publisher}',
  },
  label: 'Prévision',
  from: {
    publication: 'compté depuis la publication {from}',
    confirmation: 'compté depuis la confirmation {from}',
  },
  stage: {
    'under-review': 'en examen systématique (stade {code})',
    'revision-decided': 'révision décidée (stade {code})',
    confirmed: 'confirmée (stade {code})',
    'withdrawal-proposed': 'annulation proposée (stade {code})',
  },
  withdrawal: 'annulée {date} sans action',
  alertSubject: 'Examen prévu {date} : {designation}',
  alertIntro:
    "Une norme que vous suivez devrait bientôt être examinée. Il s'agit d'une prévision selon la règle habituelle de l'éditeur, pas d'une annonce.",
  alertTurnOff: "Désactiver les alertes d'examen",
};

const zh_Hans: ForecastStrings = {
  heading: '下次复审',
  due: '复审预计于 {date}（{rule}）',
  kinds: {
    'systematic-review': '{publisher} 定期复审',
    reapproval: '{publisher} 重新批准或修订',
    reaffirmation: '{publisher} 修订或重新确认',
  },
  label: '预测',
  from: { publication: '自发布 {from} 起算', confirmation: '自确认 {from} 起算' },
  stage: {
    'under-review': '目前正在定期复审（阶段 {code}）',
    'revision-decided': '已决定修订（阶段 {code}）',
    confirmed: '已确认（阶段 {code}）',
    'withdrawal-proposed': '已提议废止（阶段 {code}）',
  },
  withdrawal: '若无行动将于 {date} 废止',
  alertSubject: '复审预计于 {date}：{designation}',
  alertIntro: '您跟踪的一项标准预计将进入复审。这是按发布机构通常规则作出的预测，并非公告。',
  alertTurnOff: '关闭复审提醒',
};

const de: ForecastStrings = {
  heading: 'Nächste Überprüfung',
  due: 'Überprüfung fällig {date} ({rule})',
  kinds: {
    'systematic-review': 'Systematische Überprüfung ({publisher})',
    reapproval: 'Bestätigung oder Überarbeitung ({publisher})',
    reaffirmation: 'Überarbeitung oder Bestätigung ({publisher})',
  },
  label: 'Prognose',
  from: { publication: 'ab Veröffentlichung {from}', confirmation: 'ab Bestätigung {from}' },
  stage: {
    'under-review': 'jetzt in systematischer Überprüfung (Stadium {code})',
    'revision-decided': 'Überarbeitung beschlossen (Stadium {code})',
    confirmed: 'bestätigt (Stadium {code})',
    'withdrawal-proposed': 'Zurückziehung vorgeschlagen (Stadium {code})',
  },
  withdrawal: 'ohne Maßnahme zurückgezogen {date}',
  alertSubject: 'Überprüfung fällig {date}: {designation}',
  alertIntro:
    'Für eine Norm, die Sie verfolgen, steht voraussichtlich eine Überprüfung an. Dies ist eine Prognose nach der üblichen Regel des Herausgebers, keine Ankündigung.',
  alertTurnOff: 'Erinnerungen an Überprüfungen ausschalten',
};

const it: ForecastStrings = {
  heading: 'Prossimo riesame',
  due: 'Riesame previsto {date} ({rule})',
  kinds: {
    'systematic-review': 'riesame sistematico {publisher}',
    reapproval: 'riapprovazione o revisione {publisher}',
    reaffirmation: 'revisione o riaffermazione {publisher}',
  },
  label: 'Previsione',
  from: {
    publication: 'calcolato dalla pubblicazione {from}',
    confirmation: 'calcolato dalla conferma {from}',
  },
  stage: {
    'under-review': 'in riesame sistematico ora (fase {code})',
    'revision-decided': 'revisione decisa (fase {code})',
    confirmed: 'confermata (fase {code})',
    'withdrawal-proposed': 'ritiro proposto (fase {code})',
  },
  withdrawal: 'ritirata {date} senza interventi',
  alertSubject: 'Riesame previsto {date}: {designation}',
  alertIntro:
    "Per una norma che segue è previsto un riesame. È una previsione secondo la regola abituale dell'editore, non un annuncio.",
  alertTurnOff: 'Disattiva gli avvisi di riesame',
};

const ja: ForecastStrings = {
  heading: '次回見直し',
  due: '見直し予定 {date}（{rule}）',
  kinds: {
    'systematic-review': '{publisher} 定期見直し',
    reapproval: '{publisher} 再承認または改訂',
    reaffirmation: '{publisher} 改訂または再確認',
  },
  label: '予測',
  from: { publication: '発行 {from} から算出', confirmation: '確認 {from} から算出' },
  stage: {
    'under-review': '現在定期見直し中（段階 {code}）',
    'revision-decided': '改訂決定（段階 {code}）',
    confirmed: '確認済み（段階 {code}）',
    'withdrawal-proposed': '廃止提案中（段階 {code}）',
  },
  withdrawal: '対応がなければ {date} に廃止',
  alertSubject: '見直し予定 {date}：{designation}',
  alertIntro:
    '追跡中の規格が見直し時期を迎える見込みです。これは発行元の通常のルールによる予測であり、公式発表ではありません。',
  alertTurnOff: '見直し通知をオフにする',
};

const ko: ForecastStrings = {
  heading: '다음 검토',
  due: '검토 예정 {date} ({rule})',
  kinds: {
    'systematic-review': '{publisher} 정기 검토',
    reapproval: '{publisher} 재승인 또는 개정',
    reaffirmation: '{publisher} 개정 또는 재확인',
  },
  label: '예측',
  from: { publication: '발행 {from} 기준', confirmation: '확인 {from} 기준' },
  stage: {
    'under-review': '현재 정기 검토 중(단계 {code})',
    'revision-decided': '개정 결정(단계 {code})',
    confirmed: '확인됨(단계 {code})',
    'withdrawal-proposed': '폐지 제안(단계 {code})',
  },
  withdrawal: '조치가 없으면 {date} 폐지',
  alertSubject: '검토 예정 {date}: {designation}',
  alertIntro:
    '추적 중인 표준의 검토 시기가 다가올 것으로 예상됩니다. 발행 기관의 일반 규칙에 따른 예측이며 공식 발표가 아닙니다.',
  alertTurnOff: '검토 알림 끄기',
};

const pt: ForecastStrings = {
  heading: 'Próxima revisão',
  due: 'Revisão prevista para {date} ({rule})',
  kinds: {
    'systematic-review': 'revisão sistemática da {publisher}',
    reapproval: 'reaprovação ou revisão da {publisher}',
    reaffirmation: 'revisão ou reafirmação da {publisher}',
  },
  label: 'Previsão',
  from: {
    publication: 'contado a partir da publicação {from}',
    confirmation: 'contado a partir da confirmação {from}',
  },
  stage: {
    'under-review': 'em revisão sistemática agora (estágio {code})',
    'revision-decided': 'revisão decidida (estágio {code})',
    confirmed: 'confirmada (estágio {code})',
    'withdrawal-proposed': 'cancelamento proposto (estágio {code})',
  },
  withdrawal: 'cancelada em {date} sem ação',
  alertSubject: 'Revisão prevista para {date}: {designation}',
  alertIntro:
    'Uma norma que você acompanha deve entrar em revisão. É uma previsão pela regra habitual do editor, não um anúncio.',
  alertTurnOff: 'Desativar alertas de revisão',
};

const es: ForecastStrings = {
  heading: 'Próxima revisión',
  due: 'Revisión prevista para {date} ({rule})',
  kinds: {
    'systematic-review': 'revisión sistemática de {publisher}',
    reapproval: 'reaprobación o revisión de {publisher}',
    reaffirmation: 'revisión o reafirmación de {publisher}',
  },
  label: 'Previsión',
  from: {
    publication: 'contado desde la publicación {from}',
    confirmation: 'contado desde la confirmación {from}',
  },
  stage: {
    'under-review': 'en revisión sistemática ahora (etapa {code})',
    'revision-decided': 'revisión decidida (etapa {code})',
    confirmed: 'confirmada (etapa {code})',
    'withdrawal-proposed': 'retirada propuesta (etapa {code})',
  },
  withdrawal: 'retirada {date} si no hay acción',
  alertSubject: 'Revisión prevista para {date}: {designation}',
  alertIntro:
    'Una norma que usted sigue debería pasar a revisión. Es una previsión según la regla habitual del editor, no un anuncio.',
  alertTurnOff: 'Desactivar los avisos de revisión',
};

const tr: ForecastStrings = {
  heading: 'Sonraki gözden geçirme',
  due: 'Gözden geçirme tarihi {date} ({rule})',
  kinds: {
    'systematic-review': '{publisher} sistematik gözden geçirme',
    reapproval: '{publisher} yeniden onay veya revizyon',
    reaffirmation: '{publisher} revizyon veya yeniden teyit',
  },
  label: 'Tahmin',
  from: { publication: 'yayından ({from}) itibaren', confirmation: 'teyitten ({from}) itibaren' },
  stage: {
    'under-review': 'şu an sistematik gözden geçirmede (aşama {code})',
    'revision-decided': 'revizyon kararı verildi (aşama {code})',
    confirmed: 'teyit edildi (aşama {code})',
    'withdrawal-proposed': 'yürürlükten kaldırma önerildi (aşama {code})',
  },
  withdrawal: 'işlem yapılmazsa {date} kaldırılır',
  alertSubject: 'Gözden geçirme tarihi {date}: {designation}',
  alertIntro:
    'İzlediğiniz bir standardın gözden geçirme zamanı yaklaşıyor. Bu, yayıncının olağan kuralına göre bir tahmindir, duyuru değildir.',
  alertTurnOff: 'Gözden geçirme uyarılarını kapat',
};

export const FORECAST_STRINGS: Record<Language, ForecastStrings> = {
  en,
  ar,
  ru,
  fr_CA: fr,
  zh_Hans,
  fr_FR: fr,
  de,
  it,
  ja,
  ko,
  pt,
  es,
  tr,
  es_ES: es,
};

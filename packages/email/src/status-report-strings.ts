import type { Language } from '@trackwell/contracts';

/**
 * The monthly "status of your list" report's own words, in the 14 languages of spec §3; the
 * designation and status labels, the statuses, the greeting and the links come from EMAIL_STRINGS. {date}
 * is written by Intl in the language; counts stand after a colon, so no plural form is needed.
 */
export interface StatusReportStrings {
  subject: string;
  intro: string;
  noChanges: string;
  changes: string;
  standardsTitle: string;
  noStandards: string;
  labels: { title: string; edition: string; published: string };
  more: string;
  sourcesTitle: string;
  source: { COMMITTEE: string; INDUSTRYAREA: string; PUBLISHERS: string; WORKITEM: string };
  turnOff: string;
}

const en: StatusReportStrings = {
  subject: 'The status of your list on {date}',
  intro: 'Every standard you track, with its current edition and status.',
  noChanges: 'No changes since {date}.',
  changes: 'Changes since {date}: {count}.',
  standardsTitle: 'Standards you track: {count}',
  noStandards: 'You track no standard by itself, only the sources below.',
  labels: { title: 'Title', edition: 'Edition', published: 'Published' },
  more: 'And {count} more: see your tracker.',
  sourcesTitle: 'Sources you track',
  source: {
    COMMITTEE: 'Committee {name}: standards covered: {count}',
    INDUSTRYAREA: 'Industry area {name}: standards covered: {count}',
    PUBLISHERS: 'Publisher {name}: standards covered: {count}',
    WORKITEM: 'Work items of your committees',
  },
  turnOff: 'Turn off this monthly report',
};

const fr: StatusReportStrings = {
  subject: 'L’état de votre liste au {date}',
  intro: 'Chaque norme que vous suivez, avec son édition et son statut actuels.',
  noChanges: 'Aucune modification depuis le {date}.',
  changes: 'Modifications depuis le {date} : {count}.',
  standardsTitle: 'Normes suivies : {count}',
  noStandards: 'Vous ne suivez aucune norme en particulier, seulement les sources ci-dessous.',
  labels: { title: 'Titre', edition: 'Édition', published: 'Publiée le' },
  more: 'Et {count} de plus : voir votre suivi.',
  sourcesTitle: 'Sources suivies',
  source: {
    COMMITTEE: 'Comité {name} : normes couvertes : {count}',
    INDUSTRYAREA: 'Secteur {name} : normes couvertes : {count}',
    PUBLISHERS: 'Éditeur {name} : normes couvertes : {count}',
    WORKITEM: 'Travaux en cours de vos comités',
  },
  turnOff: 'Désactiver ce rapport mensuel',
};

const es: StatusReportStrings = {
  subject: 'El estado de su lista al {date}',
  intro: 'Cada norma que sigue, con su edición y su estado actuales.',
  noChanges: 'Sin cambios desde el {date}.',
  changes: 'Cambios desde el {date}: {count}.',
  standardsTitle: 'Normas que sigue: {count}',
  noStandards: 'No sigue ninguna norma por sí misma, solo las fuentes siguientes.',
  labels: { title: 'Título', edition: 'Edición', published: 'Publicada' },
  more: 'Y {count} más: consulte su seguimiento.',
  sourcesTitle: 'Fuentes que sigue',
  source: {
    COMMITTEE: 'Comité {name}: normas cubiertas: {count}',
    INDUSTRYAREA: 'Sector {name}: normas cubiertas: {count}',
    PUBLISHERS: 'Editorial {name}: normas cubiertas: {count}',
    WORKITEM: 'Trabajos en curso de sus comités',
  },
  turnOff: 'Desactivar este informe mensual',
};

export const STATUS_REPORT_STRINGS: Record<Language, StatusReportStrings> = {
  en,
  ar: {
    subject: 'حالة قائمتك في {date}',
    intro: 'كل معيار تتابعه، مع إصداره وحالته الحاليين.',
    noChanges: 'لا تغييرات منذ {date}.',
    changes: 'التغييرات منذ {date}: {count}.',
    standardsTitle: 'المعايير التي تتابعها: {count}',
    noStandards: 'لا تتابع أي معيار بمفرده، بل المصادر أدناه فقط.',
    labels: { title: 'العنوان', edition: 'الإصدار', published: 'تاريخ النشر' },
    more: 'و{count} غيرها: راجع صفحة المتابعة.',
    sourcesTitle: 'المصادر التي تتابعها',
    source: {
      COMMITTEE: 'اللجنة {name}: المعايير المشمولة: {count}',
      INDUSTRYAREA: 'القطاع {name}: المعايير المشمولة: {count}',
      PUBLISHERS: 'الناشر {name}: المعايير المشمولة: {count}',
      WORKITEM: 'بنود العمل في لجانك',
    },
    turnOff: 'إيقاف هذا التقرير الشهري',
  },
  ru: {
    subject: 'Состояние вашего списка на {date}',
    intro: 'Все отслеживаемые вами стандарты с их текущей редакцией и статусом.',
    noChanges: 'С {date} изменений нет.',
    changes: 'Изменений с {date}: {count}.',
    standardsTitle: 'Отслеживаемые стандарты: {count}',
    noStandards: 'Вы не отслеживаете отдельные стандарты, только источники ниже.',
    labels: { title: 'Название', edition: 'Редакция', published: 'Опубликован' },
    more: 'И ещё {count}: см. ваш трекер.',
    sourcesTitle: 'Отслеживаемые источники',
    source: {
      COMMITTEE: 'Комитет {name}: стандартов: {count}',
      INDUSTRYAREA: 'Отрасль {name}: стандартов: {count}',
      PUBLISHERS: 'Издатель {name}: стандартов: {count}',
      WORKITEM: 'Рабочие проекты ваших комитетов',
    },
    turnOff: 'Отключить этот ежемесячный отчёт',
  },
  fr_CA: fr,
  zh_Hans: {
    subject: '截至 {date} 您的清单状态',
    intro: '您跟踪的每项标准及其当前版本和状态。',
    noChanges: '自 {date} 以来没有变更。',
    changes: '自 {date} 以来的变更：{count}。',
    standardsTitle: '您跟踪的标准：{count}',
    noStandards: '您没有单独跟踪任何标准，只跟踪以下来源。',
    labels: { title: '标题', edition: '版本', published: '发布日期' },
    more: '另有 {count} 项：请查看您的跟踪页面。',
    sourcesTitle: '您跟踪的来源',
    source: {
      COMMITTEE: '委员会 {name}：涵盖的标准：{count}',
      INDUSTRYAREA: '行业领域 {name}：涵盖的标准：{count}',
      PUBLISHERS: '出版机构 {name}：涵盖的标准：{count}',
      WORKITEM: '您的委员会的工作项目',
    },
    turnOff: '关闭此月度报告',
  },
  fr_FR: fr,
  de: {
    subject: 'Der Stand Ihrer Liste am {date}',
    intro: 'Jede Norm, die Sie verfolgen, mit ihrer aktuellen Ausgabe und ihrem Status.',
    noChanges: 'Keine Änderungen seit dem {date}.',
    changes: 'Änderungen seit dem {date}: {count}.',
    standardsTitle: 'Verfolgte Normen: {count}',
    noStandards: 'Sie verfolgen keine einzelne Norm, nur die Quellen unten.',
    labels: { title: 'Titel', edition: 'Ausgabe', published: 'Veröffentlicht' },
    more: 'Und {count} weitere: siehe Ihren Tracker.',
    sourcesTitle: 'Verfolgte Quellen',
    source: {
      COMMITTEE: 'Komitee {name}: erfasste Normen: {count}',
      INDUSTRYAREA: 'Branche {name}: erfasste Normen: {count}',
      PUBLISHERS: 'Herausgeber {name}: erfasste Normen: {count}',
      WORKITEM: 'Arbeitsvorhaben Ihrer Komitees',
    },
    turnOff: 'Diesen Monatsbericht abbestellen',
  },
  it: {
    subject: 'Lo stato del tuo elenco al {date}',
    intro: 'Ogni norma che segui, con la sua edizione e il suo stato attuali.',
    noChanges: 'Nessuna modifica dal {date}.',
    changes: 'Modifiche dal {date}: {count}.',
    standardsTitle: 'Norme che segui: {count}',
    noStandards: 'Non segui nessuna norma singolarmente, solo le fonti qui sotto.',
    labels: { title: 'Titolo', edition: 'Edizione', published: 'Pubblicata' },
    more: 'E altre {count}: vedi il tuo tracker.',
    sourcesTitle: 'Fonti che segui',
    source: {
      COMMITTEE: 'Comitato {name}: norme coperte: {count}',
      INDUSTRYAREA: 'Settore {name}: norme coperte: {count}',
      PUBLISHERS: 'Editore {name}: norme coperte: {count}',
      WORKITEM: 'Lavori in corso dei tuoi comitati',
    },
    turnOff: 'Disattiva questo rapporto mensile',
  },
  ja: {
    subject: '{date} 時点のリストの状況',
    intro: '追跡しているすべての規格と、その現在の版と状態です。',
    noChanges: '{date} 以降、変更はありません。',
    changes: '{date} 以降の変更：{count} 件。',
    standardsTitle: '追跡している規格：{count}',
    noStandards: '個別に追跡している規格はなく、以下の情報源のみです。',
    labels: { title: 'タイトル', edition: '版', published: '発行日' },
    more: 'ほか {count} 件：トラッカーをご覧ください。',
    sourcesTitle: '追跡している情報源',
    source: {
      COMMITTEE: '委員会 {name}：対象の規格：{count}',
      INDUSTRYAREA: '業界分野 {name}：対象の規格：{count}',
      PUBLISHERS: '発行元 {name}：対象の規格：{count}',
      WORKITEM: 'ご自身の委員会の作業項目',
    },
    turnOff: 'この月次レポートを停止する',
  },
  ko: {
    subject: '{date} 기준 목록 현황',
    intro: '추적 중인 모든 표준과 현재 판 및 상태입니다.',
    noChanges: '{date} 이후 변경 사항이 없습니다.',
    changes: '{date} 이후 변경 사항: {count}건.',
    standardsTitle: '추적 중인 표준: {count}',
    noStandards: '개별적으로 추적하는 표준은 없고 아래 출처만 추적합니다.',
    labels: { title: '제목', edition: '판', published: '발행일' },
    more: '외 {count}건: 트래커에서 확인하세요.',
    sourcesTitle: '추적 중인 출처',
    source: {
      COMMITTEE: '위원회 {name}: 포함된 표준: {count}',
      INDUSTRYAREA: '산업 분야 {name}: 포함된 표준: {count}',
      PUBLISHERS: '발행 기관 {name}: 포함된 표준: {count}',
      WORKITEM: '내 위원회의 작업 항목',
    },
    turnOff: '이 월간 보고서 끄기',
  },
  pt: {
    subject: 'O estado da sua lista em {date}',
    intro: 'Cada norma que você acompanha, com a edição e o status atuais.',
    noChanges: 'Nenhuma alteração desde {date}.',
    changes: 'Alterações desde {date}: {count}.',
    standardsTitle: 'Normas acompanhadas: {count}',
    noStandards: 'Você não acompanha nenhuma norma isoladamente, apenas as fontes abaixo.',
    labels: { title: 'Título', edition: 'Edição', published: 'Publicada em' },
    more: 'E mais {count}: veja seu acompanhamento.',
    sourcesTitle: 'Fontes acompanhadas',
    source: {
      COMMITTEE: 'Comitê {name}: normas abrangidas: {count}',
      INDUSTRYAREA: 'Setor {name}: normas abrangidas: {count}',
      PUBLISHERS: 'Editora {name}: normas abrangidas: {count}',
      WORKITEM: 'Itens de trabalho dos seus comitês',
    },
    turnOff: 'Desativar este relatório mensal',
  },
  es,
  tr: {
    subject: '{date} itibarıyla listenizin durumu',
    intro: 'İzlediğiniz her standart, güncel baskısı ve durumuyla.',
    noChanges: '{date} tarihinden bu yana değişiklik yok.',
    changes: '{date} tarihinden bu yana değişiklikler: {count}.',
    standardsTitle: 'İzlediğiniz standartlar: {count}',
    noStandards: 'Tek başına izlediğiniz bir standart yok, yalnızca aşağıdaki kaynaklar.',
    labels: { title: 'Başlık', edition: 'Baskı', published: 'Yayın tarihi' },
    more: 'Ve {count} tane daha: izleyicinize bakın.',
    sourcesTitle: 'İzlediğiniz kaynaklar',
    source: {
      COMMITTEE: 'Komite {name}: kapsanan standartlar: {count}',
      INDUSTRYAREA: 'Sektör {name}: kapsanan standartlar: {count}',
      PUBLISHERS: 'Yayıncı {name}: kapsanan standartlar: {count}',
      WORKITEM: 'Komitelerinizin çalışma kalemleri',
    },
    turnOff: 'Bu aylık raporu kapat',
  },
  es_ES: es,
};

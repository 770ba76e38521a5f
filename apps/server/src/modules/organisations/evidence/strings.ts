import type { Language } from '@trackwell/contracts';
import type { EvidenceChangeKind, EvidenceDecision } from './model.ts';

/**
 * The evidence report's words in the 14 languages (PDF headings, CSV/XLSX header row, decisions and kinds of
 * change). Placeholders: {count}, {overdue}, {page}, {pages}. evidence-fonts.test.ts checks every character
 * has a glyph in the PDF's fonts (fonts.ts).
 */
export interface EvidenceStrings {
  heading: string;
  organisation: string;
  list: string;
  responsible: string;
  period: string;
  generated: string;
  summary: string;
  empty: string;
  page: string;
  columns: {
    designation: string;
    title: string;
    change: string;
    opened: string;
    due: string;
    reviewer: string;
    decision: string;
    signedOff: string;
    note: string;
    overdue: string;
  };
  decisions: Record<EvidenceDecision | 'pending', string>;
  overdue: string;
  kinds: Record<EvidenceChangeKind, string>;
}

const en: EvidenceStrings = {
  heading: 'Review evidence report',
  organisation: 'Organisation',
  list: 'List',
  responsible: 'Responsible person',
  period: 'Period',
  generated: 'Generated',
  summary: 'Changes: {count} · overdue: {overdue}',
  empty: 'No change opened a review in this period.',
  page: 'Page {page} of {pages}',
  columns: {
    designation: 'Designation',
    title: 'Title',
    change: 'Change',
    opened: 'Opened',
    due: 'Due',
    reviewer: 'Reviewed by',
    decision: 'Decision',
    signedOff: 'Signed off',
    note: 'Note',
    overdue: 'Overdue',
  },
  decisions: {
    affected: 'Affected',
    not_affected: 'Not affected',
    action_needed: 'Action needed',
    pending: 'Not yet decided',
  },
  overdue: 'Overdue',
  kinds: {
    new_standard: 'New standard',
    new_edition: 'New edition',
    amendment: 'Amendment',
    editorial_change: 'Editorial change',
    reaffirmation: 'Reaffirmation',
    withdrawal: 'Withdrawal',
    reinstatement: 'Reinstatement',
    new_work_item: 'New work item',
    work_item_status_change: 'Work item status',
  },
};

const ar: EvidenceStrings = {
  heading: 'تقرير أدلة المراجعة',
  organisation: 'المؤسسة',
  list: 'القائمة',
  responsible: 'الشخص المسؤول',
  period: 'الفترة',
  generated: 'تاريخ الإنشاء',
  summary: 'عدد التغييرات {count}، المتأخرة منها {overdue}',
  empty: 'لم يفتح أي تغيير مراجعة في هذه الفترة.',
  page: 'صفحة {page} من {pages}',
  columns: {
    designation: 'الرمز',
    title: 'العنوان',
    change: 'التغيير',
    opened: 'تاريخ الفتح',
    due: 'الموعد النهائي',
    reviewer: 'المراجع',
    decision: 'القرار',
    signedOff: 'تاريخ الاعتماد',
    note: 'ملاحظة',
    overdue: 'متأخرة',
  },
  decisions: {
    affected: 'متأثر',
    not_affected: 'غير متأثر',
    action_needed: 'يلزم إجراء',
    pending: 'لم يُتخذ قرار بعد',
  },
  overdue: 'متأخرة',
  kinds: {
    new_standard: 'مواصفة جديدة',
    new_edition: 'إصدار جديد',
    amendment: 'تعديل',
    editorial_change: 'تغيير تحريري',
    reaffirmation: 'إعادة تأكيد',
    withdrawal: 'سحب',
    reinstatement: 'إعادة اعتماد',
    new_work_item: 'بند عمل جديد',
    work_item_status_change: 'حالة بند العمل',
  },
};

const ru: EvidenceStrings = {
  heading: 'Отчёт о проверке изменений',
  organisation: 'Организация',
  list: 'Список',
  responsible: 'Ответственный',
  period: 'Период',
  generated: 'Сформирован',
  summary: 'Изменений: {count}, просрочено: {overdue}',
  empty: 'За этот период ни одно изменение не открыло проверку.',
  page: 'Страница {page} из {pages}',
  columns: {
    designation: 'Обозначение',
    title: 'Название',
    change: 'Изменение',
    opened: 'Открыта',
    due: 'Срок',
    reviewer: 'Проверил',
    decision: 'Решение',
    signedOff: 'Утверждена',
    note: 'Примечание',
    overdue: 'Просрочена',
  },
  decisions: {
    affected: 'Затрагивает',
    not_affected: 'Не затрагивает',
    action_needed: 'Нужны действия',
    pending: 'Решение не принято',
  },
  overdue: 'Просрочена',
  kinds: {
    new_standard: 'Новый стандарт',
    new_edition: 'Новое издание',
    amendment: 'Поправка',
    editorial_change: 'Редакционное изменение',
    reaffirmation: 'Подтверждение',
    withdrawal: 'Отмена',
    reinstatement: 'Восстановление',
    new_work_item: 'Новая тема работ',
    work_item_status_change: 'Статус темы работ',
  },
};

const fr: EvidenceStrings = {
  heading: 'Rapport de preuves des revues',
  organisation: 'Organisation',
  list: 'Liste',
  responsible: 'Responsable',
  period: 'Période',
  generated: 'Généré le',
  summary: 'Changements : {count} · en retard : {overdue}',
  empty: 'Aucun changement n’a ouvert de revue pendant cette période.',
  page: 'Page {page} sur {pages}',
  columns: {
    designation: 'Référence',
    title: 'Titre',
    change: 'Changement',
    opened: 'Ouverte le',
    due: 'Échéance',
    reviewer: 'Revue par',
    decision: 'Décision',
    signedOff: 'Validée le',
    note: 'Note',
    overdue: 'En retard',
  },
  decisions: {
    affected: 'Concerné',
    not_affected: 'Non concerné',
    action_needed: 'Action requise',
    pending: 'Pas encore décidé',
  },
  overdue: 'En retard',
  kinds: {
    new_standard: 'Nouvelle norme',
    new_edition: 'Nouvelle édition',
    amendment: 'Amendement',
    editorial_change: 'Modification rédactionnelle',
    reaffirmation: 'Confirmation',
    withdrawal: 'Annulation',
    reinstatement: 'Rétablissement',
    new_work_item: 'Nouveau sujet d’étude',
    work_item_status_change: 'Statut du sujet d’étude',
  },
};

const zh_Hans: EvidenceStrings = {
  heading: '审查证据报告',
  organisation: '组织',
  list: '列表',
  responsible: '负责人',
  period: '期间',
  generated: '生成时间',
  summary: '共 {count} 项变更，{overdue} 项逾期',
  empty: '此期间没有变更开启审查。',
  page: '第 {page} 页，共 {pages} 页',
  columns: {
    designation: '标准号',
    title: '标题',
    change: '变更',
    opened: '开启日期',
    due: '截止日期',
    reviewer: '审查人',
    decision: '决定',
    signedOff: '签核日期',
    note: '备注',
    overdue: '逾期',
  },
  decisions: {
    affected: '受影响',
    not_affected: '不受影响',
    action_needed: '需要采取行动',
    pending: '尚未决定',
  },
  overdue: '逾期',
  kinds: {
    new_standard: '新标准',
    new_edition: '新版本',
    amendment: '修订',
    editorial_change: '编辑性修改',
    reaffirmation: '确认',
    withdrawal: '废止',
    reinstatement: '恢复',
    new_work_item: '新工作项目',
    work_item_status_change: '工作项目状态',
  },
};

const de: EvidenceStrings = {
  heading: 'Nachweisbericht der Prüfungen',
  organisation: 'Organisation',
  list: 'Liste',
  responsible: 'Verantwortlich',
  period: 'Zeitraum',
  generated: 'Erstellt',
  summary: 'Änderungen: {count} · überfällig: {overdue}',
  empty: 'In diesem Zeitraum hat keine Änderung eine Prüfung eröffnet.',
  page: 'Seite {page} von {pages}',
  columns: {
    designation: 'Bezeichnung',
    title: 'Titel',
    change: 'Änderung',
    opened: 'Eröffnet',
    due: 'Fällig',
    reviewer: 'Geprüft von',
    decision: 'Entscheidung',
    signedOff: 'Freigegeben',
    note: 'Notiz',
    overdue: 'Überfällig',
  },
  decisions: {
    affected: 'Betroffen',
    not_affected: 'Nicht betroffen',
    action_needed: 'Maßnahme nötig',
    pending: 'Noch nicht entschieden',
  },
  overdue: 'Überfällig',
  kinds: {
    new_standard: 'Neue Norm',
    new_edition: 'Neue Ausgabe',
    amendment: 'Änderung',
    editorial_change: 'Redaktionelle Änderung',
    reaffirmation: 'Bestätigung',
    withdrawal: 'Zurückziehung',
    reinstatement: 'Wiederinkraftsetzung',
    new_work_item: 'Neues Projekt',
    work_item_status_change: 'Projektstatus',
  },
};

const it: EvidenceStrings = {
  heading: 'Rapporto di evidenza delle revisioni',
  organisation: 'Organizzazione',
  list: 'Elenco',
  responsible: 'Responsabile',
  period: 'Periodo',
  generated: 'Generato il',
  summary: 'Modifiche: {count} · in ritardo: {overdue}',
  empty: 'Nessuna modifica ha aperto una revisione in questo periodo.',
  page: 'Pagina {page} di {pages}',
  columns: {
    designation: 'Codice',
    title: 'Titolo',
    change: 'Modifica',
    opened: 'Aperta il',
    due: 'Scadenza',
    reviewer: 'Revisionata da',
    decision: 'Decisione',
    signedOff: 'Approvata il',
    note: 'Nota',
    overdue: 'In ritardo',
  },
  decisions: {
    affected: 'Interessato',
    not_affected: 'Non interessato',
    action_needed: 'Azione necessaria',
    pending: 'Non ancora deciso',
  },
  overdue: 'In ritardo',
  kinds: {
    new_standard: 'Nuova norma',
    new_edition: 'Nuova edizione',
    amendment: 'Emendamento',
    editorial_change: 'Modifica editoriale',
    reaffirmation: 'Conferma',
    withdrawal: 'Ritiro',
    reinstatement: 'Ripristino',
    new_work_item: 'Nuovo progetto',
    work_item_status_change: 'Stato del progetto',
  },
};

const ja: EvidenceStrings = {
  heading: 'レビュー証跡レポート',
  organisation: '組織',
  list: 'リスト',
  responsible: '責任者',
  period: '期間',
  generated: '作成日時',
  summary: '変更 {count} 件、うち期限超過 {overdue} 件',
  empty: 'この期間にレビューを開始した変更はありません。',
  page: '{page} / {pages} ページ',
  columns: {
    designation: '規格番号',
    title: 'タイトル',
    change: '変更',
    opened: '開始日',
    due: '期限',
    reviewer: 'レビュー担当者',
    decision: '判断',
    signedOff: '承認日',
    note: 'メモ',
    overdue: '期限超過',
  },
  decisions: {
    affected: '影響あり',
    not_affected: '影響なし',
    action_needed: '対応が必要',
    pending: '未判断',
  },
  overdue: '期限超過',
  kinds: {
    new_standard: '新規規格',
    new_edition: '新版',
    amendment: '追補',
    editorial_change: '編集上の変更',
    reaffirmation: '確認',
    withdrawal: '廃止',
    reinstatement: '復活',
    new_work_item: '新規作業項目',
    work_item_status_change: '作業項目の状況',
  },
};

const ko: EvidenceStrings = {
  heading: '검토 증거 보고서',
  organisation: '조직',
  list: '목록',
  responsible: '담당자',
  period: '기간',
  generated: '생성 일시',
  summary: '변경 {count}건, 기한 초과 {overdue}건',
  empty: '이 기간에 검토를 시작한 변경이 없습니다.',
  page: '{pages}쪽 중 {page}쪽',
  columns: {
    designation: '표준 번호',
    title: '제목',
    change: '변경',
    opened: '시작일',
    due: '기한',
    reviewer: '검토자',
    decision: '결정',
    signedOff: '승인일',
    note: '메모',
    overdue: '기한 초과',
  },
  decisions: {
    affected: '영향 있음',
    not_affected: '영향 없음',
    action_needed: '조치 필요',
    pending: '아직 결정 안 됨',
  },
  overdue: '기한 초과',
  kinds: {
    new_standard: '새 표준',
    new_edition: '새 판',
    amendment: '개정',
    editorial_change: '편집상 변경',
    reaffirmation: '확인',
    withdrawal: '폐지',
    reinstatement: '복원',
    new_work_item: '새 작업 항목',
    work_item_status_change: '작업 항목 상태',
  },
};

const pt: EvidenceStrings = {
  heading: 'Relatório de evidências das revisões',
  organisation: 'Organização',
  list: 'Lista',
  responsible: 'Responsável',
  period: 'Período',
  generated: 'Gerado em',
  summary: 'Alterações: {count} · em atraso: {overdue}',
  empty: 'Nenhuma alteração abriu uma revisão neste período.',
  page: 'Página {page} de {pages}',
  columns: {
    designation: 'Código',
    title: 'Título',
    change: 'Alteração',
    opened: 'Aberta em',
    due: 'Prazo',
    reviewer: 'Revisada por',
    decision: 'Decisão',
    signedOff: 'Aprovada em',
    note: 'Nota',
    overdue: 'Em atraso',
  },
  decisions: {
    affected: 'Afetado',
    not_affected: 'Não afetado',
    action_needed: 'Ação necessária',
    pending: 'Ainda não decidido',
  },
  overdue: 'Em atraso',
  kinds: {
    new_standard: 'Nova norma',
    new_edition: 'Nova edição',
    amendment: 'Emenda',
    editorial_change: 'Alteração editorial',
    reaffirmation: 'Confirmação',
    withdrawal: 'Cancelamento',
    reinstatement: 'Restabelecimento',
    new_work_item: 'Novo projeto',
    work_item_status_change: 'Estado do projeto',
  },
};

const es: EvidenceStrings = {
  heading: 'Informe de evidencias de las revisiones',
  organisation: 'Organización',
  list: 'Lista',
  responsible: 'Responsable',
  period: 'Periodo',
  generated: 'Generado el',
  summary: 'Cambios: {count} · vencidos: {overdue}',
  empty: 'Ningún cambio abrió una revisión en este periodo.',
  page: 'Página {page} de {pages}',
  columns: {
    designation: 'Código',
    title: 'Título',
    change: 'Cambio',
    opened: 'Abierta el',
    due: 'Vencimiento',
    reviewer: 'Revisada por',
    decision: 'Decisión',
    signedOff: 'Aprobada el',
    note: 'Nota',
    overdue: 'Vencida',
  },
  decisions: {
    affected: 'Afectado',
    not_affected: 'No afectado',
    action_needed: 'Requiere acción',
    pending: 'Sin decidir',
  },
  overdue: 'Vencida',
  kinds: {
    new_standard: 'Norma nueva',
    new_edition: 'Nueva edición',
    amendment: 'Modificación',
    editorial_change: 'Cambio editorial',
    reaffirmation: 'Ratificación',
    withdrawal: 'Anulación',
    reinstatement: 'Restablecimiento',
    new_work_item: 'Nuevo proyecto',
    work_item_status_change: 'Estado del proyecto',
  },
};

const tr: EvidenceStrings = {
  heading: 'İnceleme kanıt raporu',
  organisation: 'Kuruluş',
  list: 'Liste',
  responsible: 'Sorumlu kişi',
  period: 'Dönem',
  generated: 'Oluşturulma',
  summary: '{count} değişiklik, {overdue} gecikmiş',
  empty: 'Bu dönemde hiçbir değişiklik inceleme açmadı.',
  page: 'Sayfa {page} / {pages}',
  columns: {
    designation: 'Standart no',
    title: 'Başlık',
    change: 'Değişiklik',
    opened: 'Açılış',
    due: 'Son tarih',
    reviewer: 'İnceleyen',
    decision: 'Karar',
    signedOff: 'Onay',
    note: 'Not',
    overdue: 'Gecikmiş',
  },
  decisions: {
    affected: 'Etkileniyor',
    not_affected: 'Etkilenmiyor',
    action_needed: 'İşlem gerekli',
    pending: 'Henüz karar yok',
  },
  overdue: 'Gecikmiş',
  kinds: {
    new_standard: 'Yeni standart',
    new_edition: 'Yeni baskı',
    amendment: 'Tadil',
    editorial_change: 'Editoryal değişiklik',
    reaffirmation: 'Yeniden onay',
    withdrawal: 'İptal',
    reinstatement: 'Yeniden yürürlük',
    new_work_item: 'Yeni çalışma konusu',
    work_item_status_change: 'Çalışma konusu durumu',
  },
};

export const EVIDENCE_STRINGS: Record<Language, EvidenceStrings> = {
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

/** Fills {name} placeholders. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );

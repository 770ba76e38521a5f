import type {
  CatalogEventKind,
  FOOTER_LINK_KEYS,
  Language,
  NotificationReason,
  STANDARD_STATUSES,
  WORK_ITEM_STATUSES,
} from '@trackwell/contracts';

/**
 * Every word of the change-notification e-mail and the unsubscribe page, in the 14 languages of spec §3.
 * Placeholders in braces: {designation}, {number}, {value}, {name}, {tenant}. fr_CA/fr_FR and es/es_ES
 * share most text and differ where usage does (courriel/e-mail, correo/correo electrónico).
 */

/** The kinds, reasons and statuses an e-mail names: the contracts' lists, so a new kind cannot miss its words. */
export type NotificationKind = CatalogEventKind;
export type ReasonType = NotificationReason['type'];
export type StatusCode = (typeof STANDARD_STATUSES)[number] | (typeof WORK_ITEM_STATUSES)[number];

export interface EmailStrings {
  /** Subject and heading of each kind of change. */
  headline: Record<NotificationKind, string>;
  greeting: string;
  labels: {
    designation: string;
    previousDesignation: string;
    status: string;
    previousStatus: string;
    date: string;
    committee: string;
    workItem: string;
    note: string;
  };
  status: Record<StatusCode, string>;
  whyTitle: string;
  /** A CITATION's line is citation-strings.ts's (`reasonTemplate`). */
  reason: Record<Exclude<ReasonType, 'CITATION'>, string>;
  viewStandard: string;
  openTracker: string;
  /** The link to the publisher's comparison of the versions. */
  compareVersions: string;
  /** The link to the account's choice of kinds of change. */
  chooseChanges: string;
  unsubscribe: string;
  poweredBy: string;
  footerLinks: Record<(typeof FOOTER_LINK_KEYS)[number], string>;
  unsubscribePage: {
    title: string;
    body: string;
    button: string;
    doneTitle: string;
    doneBody: string;
    invalid: string;
  };
}

const en: EmailStrings = {
  headline: {
    new_standard: 'New standard published: {designation}',
    new_edition: 'New edition of {designation}',
    amendment: 'Amendment to {designation}',
    editorial_change: 'Editorial change to {designation}',
    reaffirmation: '{designation} reaffirmed',
    withdrawal: '{designation} withdrawn',
    reinstatement: '{designation} reinstated',
    new_work_item: 'New work item {number}',
    work_item_status_change: 'Work item {number} changed status',
  },
  greeting: 'Hello {name},',
  labels: {
    designation: 'Designation',
    previousDesignation: 'Previous designation',
    status: 'Status',
    previousStatus: 'Previous status',
    date: 'Date',
    committee: 'Committee',
    workItem: 'Work item',
    note: 'Note',
  },
  status: {
    active: 'Active',
    withdrawn: 'Withdrawn',
    historical: 'Historical',
    proposed: 'Proposed',
    in_ballot: 'In ballot',
    approved: 'Approved',
    published: 'Published',
  },
  whyTitle: 'Why you received this e-mail',
  reason: {
    STANDARD: 'You track the standard {value}.',
    ADOPTION: 'You track {value}, which adopts this standard.',
    COMMITTEE: 'You track committee {value}.',
    INDUSTRYAREA: 'You track the industry area {value}.',
    PUBLISHERS: 'You track the publisher {value}.',
    WORKITEM: 'You follow work items (committee {value}).',
  },
  viewStandard: 'View the standard',
  openTracker: 'Open your tracker',
  compareVersions: 'Compare with the previous version',
  chooseChanges: 'Choose which changes you get',
  unsubscribe: 'Unsubscribe from tracker e-mails',
  poweredBy: 'Powered by:',
  footerLinks: {
    home: 'Home',
    aboutOrganisation: 'About the organisation',
    contact: 'Contact',
    privacyPolicy: 'Privacy Policy',
    policies: 'Policies',
    copyrightPermissions: 'Copyright/Permissions',
    sales: 'Sales',
  },
  unsubscribePage: {
    title: 'Unsubscribe from tracker e-mails?',
    body: 'You will no longer receive change notifications from {tenant}. Your tracked committees, industry areas, publishers and work items will be cleared.',
    button: 'Unsubscribe',
    doneTitle: 'You are unsubscribed',
    doneBody: 'You will receive no more tracker e-mails. You can track again at any time from your tracker.',
    invalid: 'This unsubscribe link is not valid or has expired.',
  },
};

const ar: EmailStrings = {
  headline: {
    new_standard: 'نُشرت مواصفة قياسية جديدة: {designation}',
    new_edition: 'إصدار جديد من {designation}',
    amendment: 'تعديل على {designation}',
    editorial_change: 'تغيير تحريري في {designation}',
    reaffirmation: 'إعادة تأكيد {designation}',
    withdrawal: 'سحب {designation}',
    reinstatement: 'إعادة العمل بـ {designation}',
    new_work_item: 'بند عمل جديد {number}',
    work_item_status_change: 'تغيّرت حالة بند العمل {number}',
  },
  greeting: 'مرحبًا {name}،',
  labels: {
    designation: 'الرمز',
    previousDesignation: 'الرمز السابق',
    status: 'الحالة',
    previousStatus: 'الحالة السابقة',
    date: 'التاريخ',
    committee: 'اللجنة',
    workItem: 'بند العمل',
    note: 'ملاحظة',
  },
  status: {
    active: 'سارية',
    withdrawn: 'مسحوبة',
    historical: 'تاريخية',
    proposed: 'مقترح',
    in_ballot: 'قيد التصويت',
    approved: 'معتمد',
    published: 'منشور',
  },
  whyTitle: 'لماذا تلقيت هذه الرسالة',
  reason: {
    STANDARD: 'أنت تتابع المواصفة {value}.',
    ADOPTION: 'أنت تتابع {value} التي تعتمد هذه المواصفة.',
    COMMITTEE: 'أنت تتابع اللجنة {value}.',
    INDUSTRYAREA: 'أنت تتابع المجال الصناعي {value}.',
    PUBLISHERS: 'أنت تتابع الناشر {value}.',
    WORKITEM: 'أنت تتابع بنود العمل (اللجنة {value}).',
  },
  viewStandard: 'عرض المواصفة',
  openTracker: 'فتح المتتبع',
  compareVersions: 'قارن بالإصدار السابق',
  chooseChanges: 'اختر التغييرات التي تصلك',
  unsubscribe: 'إلغاء الاشتراك في رسائل المتتبع',
  poweredBy: 'مدعوم من:',
  footerLinks: {
    home: 'الرئيسية',
    aboutOrganisation: 'عن المنظمة',
    contact: 'اتصل بنا',
    privacyPolicy: 'سياسة الخصوصية',
    policies: 'السياسات',
    copyrightPermissions: 'حقوق النشر/الأذونات',
    sales: 'المبيعات',
  },
  unsubscribePage: {
    title: 'إلغاء الاشتراك في رسائل المتتبع؟',
    body: 'لن تتلقى بعد الآن إشعارات التغييرات من {tenant}. ستُمسح اللجان والمجالات الصناعية والناشرون وبنود العمل التي تتابعها.',
    button: 'إلغاء الاشتراك',
    doneTitle: 'تم إلغاء اشتراكك',
    doneBody: 'لن تتلقى أي رسائل أخرى من المتتبع. يمكنك المتابعة مجددًا في أي وقت من المتتبع.',
    invalid: 'رابط إلغاء الاشتراك هذا غير صالح أو منتهي الصلاحية.',
  },
};

const ru: EmailStrings = {
  headline: {
    new_standard: 'Опубликован новый стандарт: {designation}',
    new_edition: 'Новая редакция {designation}',
    amendment: 'Поправка к {designation}',
    editorial_change: 'Редакционное изменение {designation}',
    reaffirmation: '{designation} подтверждён',
    withdrawal: '{designation} отменён',
    reinstatement: '{designation} восстановлен',
    new_work_item: 'Новый рабочий элемент {number}',
    work_item_status_change: 'Изменился статус рабочего элемента {number}',
  },
  greeting: 'Здравствуйте, {name}!',
  labels: {
    designation: 'Обозначение',
    previousDesignation: 'Прежнее обозначение',
    status: 'Статус',
    previousStatus: 'Прежний статус',
    date: 'Дата',
    committee: 'Комитет',
    workItem: 'Рабочий элемент',
    note: 'Примечание',
  },
  status: {
    active: 'Действующий',
    withdrawn: 'Отменён',
    historical: 'Архивный',
    proposed: 'Предложен',
    in_ballot: 'На голосовании',
    approved: 'Утверждён',
    published: 'Опубликован',
  },
  whyTitle: 'Почему вы получили это письмо',
  reason: {
    STANDARD: 'Вы отслеживаете стандарт {value}.',
    ADOPTION: 'Вы отслеживаете {value}, который принимает этот стандарт.',
    COMMITTEE: 'Вы отслеживаете комитет {value}.',
    INDUSTRYAREA: 'Вы отслеживаете отраслевую область {value}.',
    PUBLISHERS: 'Вы отслеживаете издателя {value}.',
    WORKITEM: 'Вы следите за рабочими элементами (комитет {value}).',
  },
  viewStandard: 'Открыть стандарт',
  openTracker: 'Открыть трекер',
  compareVersions: 'Сравнить с предыдущей версией',
  chooseChanges: 'Выбрать, о каких изменениях сообщать',
  unsubscribe: 'Отписаться от писем трекера',
  poweredBy: 'Работает на платформе:',
  footerLinks: {
    home: 'Главная',
    aboutOrganisation: 'Об организации',
    contact: 'Контакты',
    privacyPolicy: 'Политика конфиденциальности',
    policies: 'Правила',
    copyrightPermissions: 'Авторские права/Разрешения',
    sales: 'Продажи',
  },
  unsubscribePage: {
    title: 'Отписаться от писем трекера?',
    body: 'Вы больше не будете получать уведомления об изменениях от {tenant}. Отслеживаемые комитеты, отраслевые области, издатели и рабочие элементы будут очищены.',
    button: 'Отписаться',
    doneTitle: 'Вы отписались',
    doneBody: 'Писем трекера больше не будет. Вы можете снова начать отслеживание в любое время в трекере.',
    invalid: 'Эта ссылка для отписки недействительна или устарела.',
  },
};

const fr_FR: EmailStrings = {
  headline: {
    new_standard: 'Nouvelle norme publiée : {designation}',
    new_edition: 'Nouvelle édition de {designation}',
    amendment: 'Amendement à {designation}',
    editorial_change: 'Modification rédactionnelle de {designation}',
    reaffirmation: '{designation} confirmée',
    withdrawal: '{designation} retirée',
    reinstatement: '{designation} rétablie',
    new_work_item: 'Nouveau sujet d’étude {number}',
    work_item_status_change: 'Le sujet d’étude {number} a changé de statut',
  },
  greeting: 'Bonjour {name},',
  labels: {
    designation: 'Référence',
    previousDesignation: 'Référence précédente',
    status: 'Statut',
    previousStatus: 'Statut précédent',
    date: 'Date',
    committee: 'Comité',
    workItem: 'Sujet d’étude',
    note: 'Remarque',
  },
  status: {
    active: 'En vigueur',
    withdrawn: 'Retirée',
    historical: 'Historique',
    proposed: 'Proposé',
    in_ballot: 'En vote',
    approved: 'Approuvé',
    published: 'Publié',
  },
  whyTitle: 'Pourquoi vous recevez cet e-mail',
  reason: {
    STANDARD: 'Vous suivez la norme {value}.',
    ADOPTION: 'Vous suivez {value}, qui adopte cette norme.',
    COMMITTEE: 'Vous suivez le comité {value}.',
    INDUSTRYAREA: 'Vous suivez le secteur d’activité {value}.',
    PUBLISHERS: 'Vous suivez l’éditeur {value}.',
    WORKITEM: 'Vous suivez les sujets d’étude (comité {value}).',
  },
  viewStandard: 'Voir la norme',
  openTracker: 'Ouvrir votre suivi',
  compareVersions: 'Comparer avec la version précédente',
  chooseChanges: 'Choisir les modifications qui vous sont signalées',
  unsubscribe: 'Se désabonner des e-mails de suivi',
  poweredBy: 'Propulsé par :',
  footerLinks: {
    home: 'Accueil',
    aboutOrganisation: 'À propos de l’organisation',
    contact: 'Contact',
    privacyPolicy: 'Politique de confidentialité',
    policies: 'Politiques',
    copyrightPermissions: 'Droits d’auteur/Autorisations',
    sales: 'Ventes',
  },
  unsubscribePage: {
    title: 'Se désabonner des e-mails de suivi ?',
    body: 'Vous ne recevrez plus les notifications de modification de {tenant}. Vos comités, secteurs d’activité, éditeurs et sujets d’étude suivis seront effacés.',
    button: 'Se désabonner',
    doneTitle: 'Vous êtes désabonné',
    doneBody:
      'Vous ne recevrez plus d’e-mails de suivi. Vous pouvez suivre à nouveau à tout moment depuis votre suivi.',
    invalid: 'Ce lien de désabonnement n’est pas valide ou a expiré.',
  },
};

const fr_CA: EmailStrings = {
  ...fr_FR,
  whyTitle: 'Pourquoi vous recevez ce courriel',
  unsubscribe: 'Se désabonner des courriels de suivi',
  poweredBy: 'Propulsé par :',
  unsubscribePage: {
    ...fr_FR.unsubscribePage,
    title: 'Se désabonner des courriels de suivi?',
    doneBody:
      'Vous ne recevrez plus de courriels de suivi. Vous pouvez suivre à nouveau en tout temps depuis votre suivi.',
  },
};

const zh_Hans: EmailStrings = {
  headline: {
    new_standard: '新标准发布：{designation}',
    new_edition: '{designation} 发布新版本',
    amendment: '{designation} 的修正案',
    editorial_change: '{designation} 的编辑性修改',
    reaffirmation: '{designation} 已复审确认',
    withdrawal: '{designation} 已废止',
    reinstatement: '{designation} 已恢复',
    new_work_item: '新工作项目 {number}',
    work_item_status_change: '工作项目 {number} 状态已变更',
  },
  greeting: '{name}，您好：',
  labels: {
    designation: '标准编号',
    previousDesignation: '原编号',
    status: '状态',
    previousStatus: '原状态',
    date: '日期',
    committee: '委员会',
    workItem: '工作项目',
    note: '备注',
  },
  status: {
    active: '现行',
    withdrawn: '已废止',
    historical: '历史版本',
    proposed: '已提议',
    in_ballot: '投票中',
    approved: '已批准',
    published: '已发布',
  },
  whyTitle: '您收到此邮件的原因',
  reason: {
    STANDARD: '您跟踪了标准 {value}。',
    ADOPTION: '您跟踪了采用本标准的 {value}。',
    COMMITTEE: '您跟踪了委员会 {value}。',
    INDUSTRYAREA: '您跟踪了行业领域 {value}。',
    PUBLISHERS: '您跟踪了出版方 {value}。',
    WORKITEM: '您关注了工作项目（委员会 {value}）。',
  },
  viewStandard: '查看标准',
  openTracker: '打开跟踪器',
  compareVersions: '与上一版本比较',
  chooseChanges: '选择要接收的变更',
  unsubscribe: '退订跟踪邮件',
  poweredBy: '技术支持：',
  footerLinks: {
    home: '首页',
    aboutOrganisation: '关于本组织',
    contact: '联系我们',
    privacyPolicy: '隐私政策',
    policies: '政策',
    copyrightPermissions: '版权/许可',
    sales: '销售',
  },
  unsubscribePage: {
    title: '退订跟踪邮件？',
    body: '您将不再收到来自 {tenant} 的变更通知。您跟踪的委员会、行业领域、出版方和工作项目将被清除。',
    button: '退订',
    doneTitle: '您已退订',
    doneBody: '您将不再收到跟踪邮件。您可以随时在跟踪器中重新跟踪。',
    invalid: '此退订链接无效或已过期。',
  },
};

const de: EmailStrings = {
  headline: {
    new_standard: 'Neue Norm veröffentlicht: {designation}',
    new_edition: 'Neue Ausgabe von {designation}',
    amendment: 'Änderung zu {designation}',
    editorial_change: 'Redaktionelle Änderung an {designation}',
    reaffirmation: '{designation} bestätigt',
    withdrawal: '{designation} zurückgezogen',
    reinstatement: '{designation} wieder in Kraft',
    new_work_item: 'Neues Arbeitsvorhaben {number}',
    work_item_status_change: 'Status des Arbeitsvorhabens {number} geändert',
  },
  greeting: 'Hallo {name},',
  labels: {
    designation: 'Bezeichnung',
    previousDesignation: 'Bisherige Bezeichnung',
    status: 'Status',
    previousStatus: 'Bisheriger Status',
    date: 'Datum',
    committee: 'Ausschuss',
    workItem: 'Arbeitsvorhaben',
    note: 'Hinweis',
  },
  status: {
    active: 'Gültig',
    withdrawn: 'Zurückgezogen',
    historical: 'Historisch',
    proposed: 'Vorgeschlagen',
    in_ballot: 'In Abstimmung',
    approved: 'Genehmigt',
    published: 'Veröffentlicht',
  },
  whyTitle: 'Warum Sie diese E-Mail erhalten',
  reason: {
    STANDARD: 'Sie verfolgen die Norm {value}.',
    ADOPTION: 'Sie verfolgen {value}, die diese Norm übernimmt.',
    COMMITTEE: 'Sie verfolgen den Ausschuss {value}.',
    INDUSTRYAREA: 'Sie verfolgen den Branchenbereich {value}.',
    PUBLISHERS: 'Sie verfolgen den Herausgeber {value}.',
    WORKITEM: 'Sie verfolgen Arbeitsvorhaben (Ausschuss {value}).',
  },
  viewStandard: 'Norm ansehen',
  openTracker: 'Tracker öffnen',
  compareVersions: 'Mit der vorigen Fassung vergleichen',
  chooseChanges: 'Wählen, über welche Änderungen Sie informiert werden',
  unsubscribe: 'Tracker-E-Mails abbestellen',
  poweredBy: 'Bereitgestellt von:',
  footerLinks: {
    home: 'Startseite',
    aboutOrganisation: 'Über die Organisation',
    contact: 'Kontakt',
    privacyPolicy: 'Datenschutzerklärung',
    policies: 'Richtlinien',
    copyrightPermissions: 'Urheberrecht/Genehmigungen',
    sales: 'Vertrieb',
  },
  unsubscribePage: {
    title: 'Tracker-E-Mails abbestellen?',
    body: 'Sie erhalten keine Änderungsbenachrichtigungen von {tenant} mehr. Ihre verfolgten Ausschüsse, Branchenbereiche, Herausgeber und Arbeitsvorhaben werden gelöscht.',
    button: 'Abbestellen',
    doneTitle: 'Sie haben abbestellt',
    doneBody:
      'Sie erhalten keine Tracker-E-Mails mehr. Sie können jederzeit in Ihrem Tracker wieder etwas verfolgen.',
    invalid: 'Dieser Abmeldelink ist ungültig oder abgelaufen.',
  },
};

const it: EmailStrings = {
  headline: {
    new_standard: 'Nuova norma pubblicata: {designation}',
    new_edition: 'Nuova edizione di {designation}',
    amendment: 'Emendamento a {designation}',
    editorial_change: 'Modifica editoriale di {designation}',
    reaffirmation: '{designation} riconfermata',
    withdrawal: '{designation} ritirata',
    reinstatement: '{designation} ripristinata',
    new_work_item: 'Nuovo progetto di lavoro {number}',
    work_item_status_change: 'Il progetto di lavoro {number} ha cambiato stato',
  },
  greeting: 'Gentile {name},',
  labels: {
    designation: 'Codice',
    previousDesignation: 'Codice precedente',
    status: 'Stato',
    previousStatus: 'Stato precedente',
    date: 'Data',
    committee: 'Comitato',
    workItem: 'Progetto di lavoro',
    note: 'Nota',
  },
  status: {
    active: 'In vigore',
    withdrawn: 'Ritirata',
    historical: 'Storica',
    proposed: 'Proposto',
    in_ballot: 'In votazione',
    approved: 'Approvato',
    published: 'Pubblicato',
  },
  whyTitle: 'Perché ricevi questa e-mail',
  reason: {
    STANDARD: 'Segui la norma {value}.',
    ADOPTION: 'Segui {value}, che adotta questa norma.',
    COMMITTEE: 'Segui il comitato {value}.',
    INDUSTRYAREA: 'Segui il settore industriale {value}.',
    PUBLISHERS: 'Segui l’editore {value}.',
    WORKITEM: 'Segui i progetti di lavoro (comitato {value}).',
  },
  viewStandard: 'Visualizza la norma',
  openTracker: 'Apri il tracker',
  compareVersions: 'Confronta con la versione precedente',
  chooseChanges: 'Scegliete di quali modifiche ricevere notizia',
  unsubscribe: 'Annulla l’iscrizione alle e-mail del tracker',
  poweredBy: 'Realizzato con:',
  footerLinks: {
    home: 'Home',
    aboutOrganisation: 'Chi siamo',
    contact: 'Contatti',
    privacyPolicy: 'Informativa sulla privacy',
    policies: 'Condizioni',
    copyrightPermissions: 'Copyright/Autorizzazioni',
    sales: 'Vendite',
  },
  unsubscribePage: {
    title: 'Annullare l’iscrizione alle e-mail del tracker?',
    body: 'Non riceverai più notifiche di modifica da {tenant}. I comitati, i settori industriali, gli editori e i progetti di lavoro che segui verranno cancellati.',
    button: 'Annulla iscrizione',
    doneTitle: 'Iscrizione annullata',
    doneBody:
      'Non riceverai più e-mail del tracker. Puoi ricominciare a seguire in qualsiasi momento dal tuo tracker.',
    invalid: 'Questo link di annullamento non è valido o è scaduto.',
  },
};

const ja: EmailStrings = {
  headline: {
    new_standard: '新しい規格が発行されました：{designation}',
    new_edition: '{designation} の新版',
    amendment: '{designation} の追補',
    editorial_change: '{designation} の編集上の変更',
    reaffirmation: '{designation} が確認されました',
    withdrawal: '{designation} が廃止されました',
    reinstatement: '{designation} が復活しました',
    new_work_item: '新しい作業項目 {number}',
    work_item_status_change: '作業項目 {number} のステータスが変わりました',
  },
  greeting: '{name} 様',
  labels: {
    designation: '規格番号',
    previousDesignation: '旧規格番号',
    status: 'ステータス',
    previousStatus: '旧ステータス',
    date: '日付',
    committee: '委員会',
    workItem: '作業項目',
    note: '備考',
  },
  status: {
    active: '有効',
    withdrawn: '廃止',
    historical: '旧版',
    proposed: '提案中',
    in_ballot: '投票中',
    approved: '承認済み',
    published: '発行済み',
  },
  whyTitle: 'このメールをお送りした理由',
  reason: {
    STANDARD: '規格 {value} をトラッキングしています。',
    ADOPTION: 'この規格を採用している {value} をトラッキングしています。',
    COMMITTEE: '委員会 {value} をトラッキングしています。',
    INDUSTRYAREA: '業界分野 {value} をトラッキングしています。',
    PUBLISHERS: '発行元 {value} をトラッキングしています。',
    WORKITEM: '作業項目をフォローしています（委員会 {value}）。',
  },
  viewStandard: '規格を見る',
  openTracker: 'トラッカーを開く',
  compareVersions: '前の版と比較する',
  chooseChanges: '受け取る変更を選ぶ',
  unsubscribe: 'トラッカーのメール配信を停止',
  poweredBy: 'Powered by:',
  footerLinks: {
    home: 'ホーム',
    aboutOrganisation: '組織について',
    contact: 'お問い合わせ',
    privacyPolicy: 'プライバシーポリシー',
    policies: 'ポリシー',
    copyrightPermissions: '著作権/許諾',
    sales: '販売',
  },
  unsubscribePage: {
    title: 'トラッカーのメール配信を停止しますか？',
    body: '{tenant} からの変更通知は届かなくなります。トラッキング中の委員会、業界分野、発行元、作業項目はクリアされます。',
    button: '配信を停止する',
    doneTitle: '配信を停止しました',
    doneBody: 'トラッカーのメールは今後届きません。トラッカーからいつでも再度トラッキングできます。',
    invalid: 'この配信停止リンクは無効か、有効期限が切れています。',
  },
};

const ko: EmailStrings = {
  headline: {
    new_standard: '새 표준 발행: {designation}',
    new_edition: '{designation}의 새 판',
    amendment: '{designation} 개정',
    editorial_change: '{designation} 편집상 변경',
    reaffirmation: '{designation} 재확인',
    withdrawal: '{designation} 폐지',
    reinstatement: '{designation} 복원',
    new_work_item: '새 작업 항목 {number}',
    work_item_status_change: '작업 항목 {number}의 상태 변경',
  },
  greeting: '{name}님, 안녕하세요.',
  labels: {
    designation: '표준 번호',
    previousDesignation: '이전 표준 번호',
    status: '상태',
    previousStatus: '이전 상태',
    date: '날짜',
    committee: '위원회',
    workItem: '작업 항목',
    note: '참고',
  },
  status: {
    active: '유효',
    withdrawn: '폐지',
    historical: '이전 판',
    proposed: '제안됨',
    in_ballot: '투표 중',
    approved: '승인됨',
    published: '발행됨',
  },
  whyTitle: '이 이메일을 받은 이유',
  reason: {
    STANDARD: '표준 {value}을(를) 추적하고 있습니다.',
    ADOPTION: '이 표준을 채택한 {value}을(를) 추적하고 있습니다.',
    COMMITTEE: '위원회 {value}을(를) 추적하고 있습니다.',
    INDUSTRYAREA: '산업 분야 {value}을(를) 추적하고 있습니다.',
    PUBLISHERS: '발행처 {value}을(를) 추적하고 있습니다.',
    WORKITEM: '작업 항목을 팔로우하고 있습니다(위원회 {value}).',
  },
  viewStandard: '표준 보기',
  openTracker: '트래커 열기',
  compareVersions: '이전 버전과 비교',
  chooseChanges: '받을 변경 선택',
  unsubscribe: '트래커 이메일 수신 거부',
  poweredBy: '제공:',
  footerLinks: {
    home: '홈',
    aboutOrganisation: '기관 소개',
    contact: '문의',
    privacyPolicy: '개인정보 처리방침',
    policies: '정책',
    copyrightPermissions: '저작권/이용 허가',
    sales: '판매',
  },
  unsubscribePage: {
    title: '트래커 이메일 수신을 거부하시겠습니까?',
    body: '{tenant}의 변경 알림을 더 이상 받지 않습니다. 추적 중인 위원회, 산업 분야, 발행처 및 작업 항목이 삭제됩니다.',
    button: '수신 거부',
    doneTitle: '수신 거부되었습니다',
    doneBody: '더 이상 트래커 이메일을 받지 않습니다. 언제든지 트래커에서 다시 추적할 수 있습니다.',
    invalid: '이 수신 거부 링크는 유효하지 않거나 만료되었습니다.',
  },
};

const pt: EmailStrings = {
  headline: {
    new_standard: 'Nova norma publicada: {designation}',
    new_edition: 'Nova edição de {designation}',
    amendment: 'Emenda a {designation}',
    editorial_change: 'Alteração editorial em {designation}',
    reaffirmation: '{designation} reafirmada',
    withdrawal: '{designation} cancelada',
    reinstatement: '{designation} restabelecida',
    new_work_item: 'Novo item de trabalho {number}',
    work_item_status_change: 'O item de trabalho {number} mudou de situação',
  },
  greeting: 'Olá, {name},',
  labels: {
    designation: 'Designação',
    previousDesignation: 'Designação anterior',
    status: 'Situação',
    previousStatus: 'Situação anterior',
    date: 'Data',
    committee: 'Comitê',
    workItem: 'Item de trabalho',
    note: 'Observação',
  },
  status: {
    active: 'Em vigor',
    withdrawn: 'Cancelada',
    historical: 'Histórica',
    proposed: 'Proposto',
    in_ballot: 'Em votação',
    approved: 'Aprovado',
    published: 'Publicado',
  },
  whyTitle: 'Por que você recebeu este e-mail',
  reason: {
    STANDARD: 'Você acompanha a norma {value}.',
    ADOPTION: 'Você acompanha {value}, que adota esta norma.',
    COMMITTEE: 'Você acompanha o comitê {value}.',
    INDUSTRYAREA: 'Você acompanha a área industrial {value}.',
    PUBLISHERS: 'Você acompanha a editora {value}.',
    WORKITEM: 'Você acompanha itens de trabalho (comitê {value}).',
  },
  viewStandard: 'Ver a norma',
  openTracker: 'Abrir seu rastreador',
  compareVersions: 'Comparar com a versão anterior',
  chooseChanges: 'Escolher sobre quais alterações ser avisado',
  unsubscribe: 'Cancelar a inscrição nos e-mails do rastreador',
  poweredBy: 'Desenvolvido por:',
  footerLinks: {
    home: 'Início',
    aboutOrganisation: 'Sobre a organização',
    contact: 'Contato',
    privacyPolicy: 'Política de Privacidade',
    policies: 'Políticas',
    copyrightPermissions: 'Direitos autorais/Permissões',
    sales: 'Vendas',
  },
  unsubscribePage: {
    title: 'Cancelar a inscrição nos e-mails do rastreador?',
    body: 'Você não receberá mais notificações de alterações de {tenant}. Os comitês, áreas industriais, editoras e itens de trabalho que você acompanha serão removidos.',
    button: 'Cancelar inscrição',
    doneTitle: 'Inscrição cancelada',
    doneBody:
      'Você não receberá mais e-mails do rastreador. Você pode voltar a acompanhar a qualquer momento no seu rastreador.',
    invalid: 'Este link de cancelamento é inválido ou expirou.',
  },
};

const es: EmailStrings = {
  headline: {
    new_standard: 'Nueva norma publicada: {designation}',
    new_edition: 'Nueva edición de {designation}',
    amendment: 'Enmienda a {designation}',
    editorial_change: 'Cambio editorial en {designation}',
    reaffirmation: '{designation} reafirmada',
    withdrawal: '{designation} retirada',
    reinstatement: '{designation} restablecida',
    new_work_item: 'Nuevo tema de trabajo {number}',
    work_item_status_change: 'El tema de trabajo {number} cambió de estado',
  },
  greeting: 'Hola, {name}:',
  labels: {
    designation: 'Designación',
    previousDesignation: 'Designación anterior',
    status: 'Estado',
    previousStatus: 'Estado anterior',
    date: 'Fecha',
    committee: 'Comité',
    workItem: 'Tema de trabajo',
    note: 'Nota',
  },
  status: {
    active: 'Vigente',
    withdrawn: 'Retirada',
    historical: 'Histórica',
    proposed: 'Propuesto',
    in_ballot: 'En votación',
    approved: 'Aprobado',
    published: 'Publicado',
  },
  whyTitle: 'Por qué recibe este correo',
  reason: {
    STANDARD: 'Sigue la norma {value}.',
    ADOPTION: 'Sigue {value}, que adopta esta norma.',
    COMMITTEE: 'Sigue el comité {value}.',
    INDUSTRYAREA: 'Sigue el área industrial {value}.',
    PUBLISHERS: 'Sigue a la editorial {value}.',
    WORKITEM: 'Sigue los temas de trabajo (comité {value}).',
  },
  viewStandard: 'Ver la norma',
  openTracker: 'Abrir su seguimiento',
  compareVersions: 'Comparar con la versión anterior',
  chooseChanges: 'Elegir de qué cambios le avisamos',
  unsubscribe: 'Darse de baja de los correos de seguimiento',
  poweredBy: 'Con la tecnología de:',
  footerLinks: {
    home: 'Inicio',
    aboutOrganisation: 'Acerca de la organización',
    contact: 'Contacto',
    privacyPolicy: 'Política de privacidad',
    policies: 'Políticas',
    copyrightPermissions: 'Derechos de autor/Permisos',
    sales: 'Ventas',
  },
  unsubscribePage: {
    title: '¿Darse de baja de los correos de seguimiento?',
    body: 'Dejará de recibir notificaciones de cambios de {tenant}. Se borrarán los comités, áreas industriales, editoriales y temas de trabajo que sigue.',
    button: 'Darse de baja',
    doneTitle: 'Se ha dado de baja',
    doneBody:
      'No recibirá más correos de seguimiento. Puede volver a seguir contenido en cualquier momento desde su seguimiento.',
    invalid: 'Este enlace para darse de baja no es válido o ha caducado.',
  },
};

const es_ES: EmailStrings = {
  ...es,
  whyTitle: 'Por qué recibe este correo electrónico',
  unsubscribe: 'Darse de baja de los correos electrónicos de seguimiento',
  unsubscribePage: {
    ...es.unsubscribePage,
    title: '¿Darse de baja de los correos electrónicos de seguimiento?',
    doneBody:
      'No recibirá más correos electrónicos de seguimiento. Puede volver a seguir contenido cuando quiera desde su seguimiento.',
  },
};

const tr: EmailStrings = {
  headline: {
    new_standard: 'Yeni standart yayımlandı: {designation}',
    new_edition: '{designation} için yeni baskı',
    amendment: '{designation} için tadil',
    editorial_change: '{designation} üzerinde editoryal değişiklik',
    reaffirmation: '{designation} yeniden onaylandı',
    withdrawal: '{designation} iptal edildi',
    reinstatement: '{designation} yeniden yürürlüğe girdi',
    new_work_item: 'Yeni çalışma maddesi {number}',
    work_item_status_change: '{number} çalışma maddesinin durumu değişti',
  },
  greeting: 'Merhaba {name},',
  labels: {
    designation: 'Standart numarası',
    previousDesignation: 'Önceki numara',
    status: 'Durum',
    previousStatus: 'Önceki durum',
    date: 'Tarih',
    committee: 'Komite',
    workItem: 'Çalışma maddesi',
    note: 'Not',
  },
  status: {
    active: 'Yürürlükte',
    withdrawn: 'İptal edildi',
    historical: 'Tarihî',
    proposed: 'Önerildi',
    in_ballot: 'Oylamada',
    approved: 'Onaylandı',
    published: 'Yayımlandı',
  },
  whyTitle: 'Bu e-postayı neden aldınız',
  reason: {
    STANDARD: '{value} standardını takip ediyorsunuz.',
    ADOPTION: 'Bu standardı benimseyen {value} standardını takip ediyorsunuz.',
    COMMITTEE: '{value} komitesini takip ediyorsunuz.',
    INDUSTRYAREA: '{value} sektör alanını takip ediyorsunuz.',
    PUBLISHERS: '{value} yayıncısını takip ediyorsunuz.',
    WORKITEM: 'Çalışma maddelerini takip ediyorsunuz ({value} komitesi).',
  },
  viewStandard: 'Standardı görüntüle',
  openTracker: 'Takip sayfanızı açın',
  compareVersions: 'Önceki sürümle karşılaştırın',
  chooseChanges: 'Hangi değişikliklerin size ulaşacağını seçin',
  unsubscribe: 'Takip e-postalarından çık',
  poweredBy: 'Altyapı:',
  footerLinks: {
    home: 'Ana sayfa',
    aboutOrganisation: 'Kuruluş hakkında',
    contact: 'İletişim',
    privacyPolicy: 'Gizlilik Politikası',
    policies: 'Politikalar',
    copyrightPermissions: 'Telif hakkı/İzinler',
    sales: 'Satış',
  },
  unsubscribePage: {
    title: 'Takip e-postalarından çıkılsın mı?',
    body: '{tenant} kaynaklı değişiklik bildirimlerini artık almayacaksınız. Takip ettiğiniz komiteler, sektör alanları, yayıncılar ve çalışma maddeleri temizlenecek.',
    button: 'Abonelikten çık',
    doneTitle: 'Abonelikten çıktınız',
    doneBody:
      'Artık takip e-postası almayacaksınız. İstediğiniz zaman takip sayfanızdan yeniden takip edebilirsiniz.',
    invalid: 'Bu abonelikten çıkma bağlantısı geçersiz veya süresi dolmuş.',
  },
};

export const EMAIL_STRINGS: Record<Language, EmailStrings> = {
  en,
  ar,
  ru,
  fr_CA,
  zh_Hans,
  fr_FR,
  de,
  it,
  ja,
  ko,
  pt,
  es,
  tr,
  es_ES,
};

/** Fills {placeholders}; unknown names stay as written. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

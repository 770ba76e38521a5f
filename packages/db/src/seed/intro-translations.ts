import type { TextByLanguage } from '@trackwell/contracts';

/**
 * The demo stores' tracker intros in every other language each store offers. The store's own
 * `page_paragraph_info` is written in its default language; these are its translations. Blank lines
 * separate paragraphs, as in the original.
 */

const para = (...paragraphs: string[]) => paragraphs.join('\n\n');

/** The platform store (default English) offers all 14 languages. */
export const PLATFORM_INTRO: TextByLanguage = {
  ar: para(
    'تابع المعايير المهمة لعملك. تتبّع معايير منفردة أو لجانًا فنية كاملة أو مجالات صناعية أو بنود عمل جديدة، ' +
      'وسيرسل إليك Trackwell بريدًا إلكترونيًا عند نشر إصدار جديد أو مراجعة أو تعديل أو سحب.',
    'يُطابَق كل تغيير في الفهرس مع متابعاتك مرة واحدة، فتصلك رسالة واحدة عن كل تغيير مهما كان عدد المتابعات ' +
      'التي تخصه. أوقف متابعة معيار واحد بمفتاحه، أو أوقف كل رسائل المتابعة برابط إلغاء الاشتراك أسفل هذه الصفحة.',
  ),
  ru: para(
    'Следите за стандартами, которые важны для вашей работы. Отслеживайте отдельные стандарты, целые ' +
      'технические комитеты, отрасли или новые рабочие проекты, и Trackwell сообщит вам по электронной почте о ' +
      'выходе новой редакции, пересмотра, изменения или об отмене.',
    'Каждое изменение в каталоге сопоставляется с вашими подписками один раз, поэтому вы получаете одно письмо ' +
      'на изменение, сколько бы подписок оно ни касалось. Приостановите отдельный стандарт переключателем или ' +
      'откажитесь от всех писем по ссылке отписки внизу этой страницы.',
  ),
  fr_CA: para(
    'Suivez les normes qui comptent pour votre travail. Suivez des normes précises, des comités techniques ' +
      'entiers, des secteurs d’activité ou de nouveaux sujets de travail : Trackwell vous envoie un courriel dès ' +
      'qu’une nouvelle édition, une révision, une modification ou un retrait est publié.',
    'Chaque changement du catalogue est comparé une seule fois à vos suivis : vous recevez un seul courriel par ' +
      'changement, peu importe le nombre de suivis qu’il touche. Mettez une norme en pause avec son interrupteur, ' +
      'ou arrêtez tous les courriels de suivi avec le lien de désabonnement au bas de cette page.',
  ),
  zh_Hans: para(
    '关注与您工作相关的标准。您可以跟踪单项标准、整个技术委员会、行业领域或新工作项目，' +
      '一旦发布新版本、修订、修改或废止，Trackwell 会通过电子邮件通知您。',
    '目录中的每项变更只与您的跟踪匹配一次，因此无论涉及多少项跟踪，每项变更您只会收到一封邮件。' +
      '可用开关暂停单项标准的跟踪，也可通过本页底部的退订链接停止所有跟踪邮件。',
  ),
  fr_FR: para(
    'Suivez les normes qui comptent pour votre travail. Suivez des normes précises, des comités techniques ' +
      'entiers, des secteurs d’activité ou de nouveaux sujets de travail : Trackwell vous prévient par e-mail dès ' +
      'qu’une nouvelle édition, une révision, un amendement ou une annulation est publié.',
    'Chaque changement du catalogue est rapproché une seule fois de vos suivis : vous recevez un seul e-mail par ' +
      'changement, quel que soit le nombre de suivis concernés. Mettez une norme en pause avec son interrupteur, ' +
      'ou arrêtez tous les e-mails de suivi avec le lien de désinscription en bas de cette page.',
  ),
  de: para(
    'Behalten Sie die Normen im Blick, die für Ihre Arbeit zählen. Verfolgen Sie einzelne Normen, ganze ' +
      'technische Komitees, Branchen oder neue Arbeitsvorhaben, und Trackwell benachrichtigt Sie per E-Mail, ' +
      'sobald eine neue Ausgabe, Überarbeitung, Änderung oder Zurückziehung erscheint.',
    'Jede Änderung im Katalog wird einmal mit Ihren Beobachtungen abgeglichen, daher erhalten Sie pro Änderung ' +
      'eine E-Mail, egal wie viele Ihrer Beobachtungen sie betrifft. Pausieren Sie eine einzelne Norm mit ihrem ' +
      'Schalter oder beenden Sie alle Benachrichtigungen über den Abmeldelink unten auf dieser Seite.',
  ),
  it: para(
    'Segui le norme che contano per il tuo lavoro. Segui singole norme, interi comitati tecnici, settori ' +
      'industriali o nuovi progetti di lavoro: Trackwell ti avvisa via e-mail quando vengono pubblicati una nuova ' +
      'edizione, una revisione, un emendamento o un ritiro.',
    'Ogni modifica del catalogo viene confrontata una sola volta con i tuoi monitoraggi, quindi ricevi un’unica ' +
      'e-mail per modifica, per quanti monitoraggi riguardi. Sospendi una singola norma con il suo interruttore o ' +
      'interrompi tutte le e-mail con il link di annullamento dell’iscrizione in fondo a questa pagina.',
  ),
  ja: para(
    '業務に関わる規格を追跡しましょう。個別の規格、技術委員会全体、産業分野、新しい作業項目を追跡でき、' +
      '新版、改訂、追補、廃止が発行されると Trackwell がメールでお知らせします。',
    'カタログの変更はそれぞれ一度だけ追跡設定と照合されるため、いくつの追跡に該当しても変更ごとにメールは1通です。' +
      '個々の規格はスイッチで一時停止でき、このページ下部の配信停止リンクですべての追跡メールを止められます。',
  ),
  ko: para(
    '업무에 중요한 표준을 추적하세요. 개별 표준, 기술위원회 전체, 산업 분야 또는 새 작업 항목을 추적하면 ' +
      '새 판, 개정, 수정 또는 폐지가 발행될 때 Trackwell이 이메일로 알려 드립니다.',
    '카탈로그의 각 변경 사항은 회원님의 추적 항목과 한 번만 대조되므로, 관련된 추적 항목이 몇 개이든 변경 하나당 ' +
      '이메일은 한 통입니다. 개별 표준은 스위치로 일시 중지하고, 이 페이지 하단의 수신 거부 링크로 모든 추적 ' +
      '이메일을 중단할 수 있습니다.',
  ),
  pt: para(
    'Acompanhe as normas que importam para o seu trabalho. Acompanhe normas individuais, comitês técnicos ' +
      'inteiros, setores da indústria ou novos itens de trabalho, e o Trackwell avisa você por e-mail quando for ' +
      'publicada uma nova edição, revisão, emenda ou cancelamento.',
    'Cada alteração no catálogo é comparada uma única vez com os seus acompanhamentos, então você recebe um só ' +
      'e-mail por alteração, não importa quantos acompanhamentos ela envolva. Pause uma norma pelo seu botão ou ' +
      'interrompa todos os e-mails com o link de cancelamento no fim desta página.',
  ),
  es: para(
    'Siga las normas que importan para su trabajo. Siga normas individuales, comités técnicos completos, ' +
      'sectores industriales o nuevos temas de trabajo, y Trackwell le avisará por correo electrónico cuando se ' +
      'publique una nueva edición, revisión, modificación o anulación.',
    'Cada cambio del catálogo se compara una sola vez con sus seguimientos, así que recibe un solo correo por ' +
      'cambio, sin importar cuántos seguimientos afecte. Pause una norma con su interruptor o deje de recibir ' +
      'todos los correos con el enlace para darse de baja al final de esta página.',
  ),
  tr: para(
    'İşiniz için önemli olan standartları takip edin. Tek tek standartları, teknik komitelerin tamamını, sektörleri ' +
      'veya yeni iş kalemlerini takip edin; yeni bir baskı, revizyon, tadil veya iptal yayımlandığında Trackwell ' +
      'size e-posta gönderir.',
    'Katalogdaki her değişiklik takiplerinizle bir kez eşleştirilir; bu yüzden kaç takibinizi ilgilendirirse ' +
      'ilgilendirsin, her değişiklik için tek bir e-posta alırsınız. Bir standardı anahtarıyla duraklatın ya da bu ' +
      'sayfanın altındaki abonelikten çıkma bağlantısıyla tüm takip e-postalarını durdurun.',
  ),
  es_ES: para(
    'Siga las normas que importan para su trabajo. Siga normas concretas, comités técnicos completos, sectores ' +
      'de actividad o nuevos proyectos de trabajo, y Trackwell le avisará por correo electrónico cuando se ' +
      'publique una nueva edición, revisión, modificación o anulación.',
    'Cada cambio del catálogo se compara una sola vez con sus seguimientos, así que recibirá un único correo ' +
      'por cambio, afecte a cuantos seguimientos afecte. Pause una norma con su interruptor o deje de recibir ' +
      'todos los avisos con el enlace para darse de baja al final de esta página.',
  ),
};

/** awwa (default English) also offers es and fr_CA. */
export const AWWA_INTRO: TextByLanguage = {
  es: para(
    'Manténgase al día con las normas que hacen posible un agua segura y confiable. Siga las normas de tuberías, ' +
      'válvulas, tanques de almacenamiento, productos químicos de tratamiento y desinfección en las que confía su ' +
      'empresa de servicios, y le avisaremos por correo electrónico en cuanto se publique una revisión, una adenda ' +
      'o una nueva edición.',
    'Seguir un comité también le avisa cuando abre un nuevo tema de trabajo, para que sus ingenieros puedan ' +
      'revisar el borrador y comentarlo antes de la votación.',
  ),
  fr_CA: para(
    'Restez à jour sur les normes qui garantissent une eau sûre et fiable. Suivez les normes sur les conduites, ' +
      'les robinets-vannes, les réservoirs, les produits chimiques de traitement et la désinfection dont votre ' +
      'service d’eau dépend : nous vous enverrons un courriel dès qu’une révision, un addenda ou une nouvelle ' +
      'édition est publié.',
    'Suivre un comité vous avise aussi lorsqu’il ouvre un nouveau sujet de travail, pour que vos ingénieurs ' +
      'puissent examiner l’ébauche et la commenter avant le scrutin.',
  ),
};

/** aenor (default es_ES) also offers en, fr_FR, pt and ar. */
export const AENOR_INTRO: TextByLanguage = {
  en: para(
    'Keep up to date with the standards your organisation applies. Follow individual standards, technical ' +
      'committees or sectors, and we will e-mail you when a new edition, an amendment or a withdrawal is ' +
      'published.',
    'Notices arrive in the language you choose in your profile. You can pause tracking a standard at any time, ' +
      'or unsubscribe from all notices with the link at the bottom of this page.',
  ),
  fr_FR: para(
    'Restez informé des normes qu’applique votre organisation. Suivez des normes précises, des comités ' +
      'techniques ou des secteurs d’activité, et nous vous préviendrons par e-mail à la publication d’une nouvelle ' +
      'édition, d’un amendement ou d’une annulation.',
    'Les avis arrivent dans la langue choisie dans votre profil. Vous pouvez suspendre le suivi d’une norme à tout ' +
      'moment, ou vous désinscrire de tous les avis avec le lien en bas de cette page.',
  ),
  pt: para(
    'Mantenha-se atualizado sobre as normas que a sua organização aplica. Acompanhe normas concretas, comités ' +
      'técnicos ou setores de atividade e avisamos por e-mail quando for publicada uma nova edição, uma ' +
      'modificação ou uma anulação.',
    'Os avisos chegam no idioma que escolher no seu perfil. Pode pausar o acompanhamento de uma norma a qualquer ' +
      'momento, ou cancelar todos os avisos com a ligação no fim desta página.',
  ),
  ar: para(
    'ابقَ على اطلاع بالمعايير التي تطبقها مؤسستك. تابع معايير بعينها أو لجانًا فنية أو قطاعات نشاط، ' +
      'وسنرسل إليك بريدًا إلكترونيًا عند نشر إصدار جديد أو تعديل أو إلغاء.',
    'تصلك الإشعارات باللغة التي تختارها في ملفك الشخصي. يمكنك إيقاف متابعة معيار في أي وقت، ' +
      'أو إلغاء الاشتراك في جميع الإشعارات بالرابط أسفل هذه الصفحة.',
  ),
};

/** aenor's address as written for readers of English and Arabic. */
export const AENOR_ADDRESS: TextByLanguage = {
  en: 'Standards Store, 12 Calle de la Normalización, 28004 Madrid, Spain',
  ar: 'متجر المعايير، 12 شارع التقييس، 28004 مدريد، إسبانيا',
};

/** nordic (default English) also offers de and fr_FR. */
export const NORDIC_INTRO: TextByLanguage = {
  de: para(
    'Die Exchange führt die Kataloge von sieben Herausgebern an einem Ort. Verfolgen Sie eine einzelne Norm, ' +
      'ein Komitee, eine Branche oder alles, was ein Herausgeber veröffentlicht, und wir benachrichtigen Sie per ' +
      'E-Mail, wenn eine Ausgabe, Änderung oder Zurückziehung Sie betrifft.',
    'Normtitel öffnen das lizenzierte Exemplar in Ihrem Leseraum, wenn Ihre Organisation ein Abonnement hat; ' +
      'sonst öffnen sie die öffentliche Seite der Norm.',
  ),
  fr_FR: para(
    'L’Exchange réunit les catalogues de sept éditeurs en un seul endroit. Suivez une norme, un comité, un ' +
      'secteur d’activité ou tout ce que publie un éditeur, et nous vous préviendrons par e-mail lorsqu’une ' +
      'édition, un amendement ou une annulation vous concerne.',
    'Les titres des normes ouvrent l’exemplaire sous licence dans votre salle de lecture lorsque votre ' +
      'organisation est abonnée ; sinon, ils ouvrent la page publique de la norme.',
  ),
};

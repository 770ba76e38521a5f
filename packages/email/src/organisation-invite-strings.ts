import type { Language, OrganisationRole } from '@trackwell/contracts';

/**
 * The organisation invitation e-mail (an owner invites someone by address; the link accepts, making an
 * account or joining with the existing one): its words in the 14 languages. Placeholders: {tenant},
 * {organisation}, {inviter}, {role}; {role} is one of `roles`, already in the language.
 */
export interface OrganisationInviteStrings {
  greeting: string;
  subject: string;
  body: string;
  action: string;
  expiry: string;
  roles: Record<OrganisationRole, string>;
}

export const ORGANISATION_INVITE_STRINGS: Record<Language, OrganisationInviteStrings> = {
  en: {
    greeting: 'Hello,',
    subject: '{tenant}: join {organisation}',
    body: '{inviter} invites you to {organisation} on {tenant}, as {role}.',
    action: 'Accept the invitation here (you create your account, or sign in with the one you have):',
    expiry: 'The link expires in 14 days. If you did not expect this, ignore this e-mail.',
    roles: { owner: 'owner', editor: 'editor', reviewer: 'reviewer', reader: 'reader' },
  },
  ar: {
    greeting: 'مرحبًا،',
    subject: '{tenant}: انضم إلى {organisation}',
    body: 'يدعوك {inviter} إلى {organisation} في {tenant} بصفة {role}.',
    action: 'اقبل الدعوة من هنا (تنشئ حسابك، أو تسجّل الدخول بحسابك الحالي):',
    expiry: 'تنتهي صلاحية الرابط بعد 14 يومًا. إذا لم تكن تتوقع هذه الرسالة فتجاهلها.',
    roles: { owner: 'مالك', editor: 'محرر', reviewer: 'مراجع', reader: 'قارئ' },
  },
  ru: {
    greeting: 'Здравствуйте!',
    subject: '{tenant}: присоединяйтесь к {organisation}',
    body: '{inviter} приглашает вас в {organisation} на {tenant} с ролью «{role}».',
    action: 'Примите приглашение по ссылке (создайте учётную запись или войдите в существующую):',
    expiry: 'Ссылка действует 14 дней. Если вы не ждали этого письма, просто проигнорируйте его.',
    roles: { owner: 'владелец', editor: 'редактор', reviewer: 'рецензент', reader: 'читатель' },
  },
  fr_CA: {
    greeting: 'Bonjour,',
    subject: '{tenant} : rejoignez {organisation}',
    body: '{inviter} vous invite dans {organisation} sur {tenant}, en tant que {role}.',
    action: 'Acceptez l’invitation ici (vous créez votre compte, ou vous vous connectez avec le vôtre) :',
    expiry: 'Le lien expire dans 14 jours. Si vous ne vous attendiez pas à ce courriel, ignorez-le.',
    roles: { owner: 'propriétaire', editor: 'éditeur', reviewer: 'réviseur', reader: 'lecteur' },
  },
  zh_Hans: {
    greeting: '您好：',
    subject: '{tenant}：加入 {organisation}',
    body: '{inviter} 邀请您以{role}身份加入 {tenant} 上的 {organisation}。',
    action: '在此接受邀请（创建您的账户，或使用现有账户登录）：',
    expiry: '链接将在 14 天后失效。如果您并未期待此邮件，请忽略。',
    roles: { owner: '所有者', editor: '编辑', reviewer: '审阅者', reader: '读者' },
  },
  fr_FR: {
    greeting: 'Bonjour,',
    subject: '{tenant} : rejoignez {organisation}',
    body: '{inviter} vous invite dans {organisation} sur {tenant}, en tant que {role}.',
    action: 'Acceptez l’invitation ici (vous créez votre compte, ou vous vous connectez avec le vôtre) :',
    expiry: 'Le lien expire dans 14 jours. Si vous ne vous attendiez pas à cet e-mail, ignorez-le.',
    roles: { owner: 'propriétaire', editor: 'éditeur', reviewer: 'réviseur', reader: 'lecteur' },
  },
  de: {
    greeting: 'Guten Tag,',
    subject: '{tenant}: Treten Sie {organisation} bei',
    body: '{inviter} lädt Sie als {role} in {organisation} auf {tenant} ein.',
    action:
      'Nehmen Sie die Einladung hier an (Sie legen Ihr Konto an oder melden sich mit Ihrem bestehenden an):',
    expiry: 'Der Link ist 14 Tage gültig. Wenn Sie diese E-Mail nicht erwartet haben, ignorieren Sie sie.',
    roles: { owner: 'Inhaber', editor: 'Bearbeiter', reviewer: 'Prüfer', reader: 'Leser' },
  },
  it: {
    greeting: 'Buongiorno,',
    subject: '{tenant}: unisciti a {organisation}',
    body: '{inviter} ti invita in {organisation} su {tenant}, come {role}.',
    action: 'Accetta l’invito qui (crei il tuo account o accedi con quello che hai):',
    expiry: 'Il link scade tra 14 giorni. Se non ti aspettavi questa e-mail, ignorala.',
    roles: { owner: 'proprietario', editor: 'editor', reviewer: 'revisore', reader: 'lettore' },
  },
  ja: {
    greeting: 'こんにちは。',
    subject: '{tenant}：{organisation} に参加してください',
    body: '{inviter} さんが {tenant} の {organisation} に{role}としてあなたを招待しています。',
    action:
      'こちらから招待を承諾してください（アカウントを作成するか、既存のアカウントでサインインします）：',
    expiry: 'リンクの有効期限は 14 日です。心当たりがない場合は、このメールを無視してください。',
    roles: { owner: 'オーナー', editor: '編集者', reviewer: 'レビュー担当者', reader: '閲覧者' },
  },
  ko: {
    greeting: '안녕하세요.',
    subject: '{tenant}: {organisation}에 참여하세요',
    body: '{inviter} 님이 {tenant}의 {organisation}에 {role}(으)로 초대했습니다.',
    action: '여기에서 초대를 수락하세요(계정을 만들거나 기존 계정으로 로그인합니다):',
    expiry: '링크는 14일 후에 만료됩니다. 예상하지 못한 메일이라면 무시하세요.',
    roles: { owner: '소유자', editor: '편집자', reviewer: '검토자', reader: '열람자' },
  },
  pt: {
    greeting: 'Olá,',
    subject: '{tenant}: participe de {organisation}',
    body: '{inviter} convida você para {organisation} em {tenant}, como {role}.',
    action: 'Aceite o convite aqui (você cria sua conta ou entra com a que já tem):',
    expiry: 'O link expira em 14 dias. Se você não esperava este e-mail, ignore-o.',
    roles: { owner: 'proprietário', editor: 'editor', reviewer: 'revisor', reader: 'leitor' },
  },
  es: {
    greeting: 'Hola:',
    subject: '{tenant}: únase a {organisation}',
    body: '{inviter} lo invita a {organisation} en {tenant}, como {role}.',
    action: 'Acepte la invitación aquí (cree su cuenta o inicie sesión con la que ya tiene):',
    expiry: 'El enlace vence en 14 días. Si no esperaba este correo, ignórelo.',
    roles: { owner: 'propietario', editor: 'editor', reviewer: 'revisor', reader: 'lector' },
  },
  tr: {
    greeting: 'Merhaba,',
    subject: '{tenant}: {organisation} kuruluşuna katılın',
    body: '{inviter} sizi {tenant} üzerindeki {organisation} kuruluşuna {role} olarak davet ediyor.',
    action: 'Daveti buradan kabul edin (hesabınızı oluşturun veya mevcut hesabınızla oturum açın):',
    expiry: 'Bağlantı 14 gün sonra geçersiz olur. Bu e-postayı beklemiyorsanız yok sayın.',
    roles: { owner: 'sahip', editor: 'düzenleyici', reviewer: 'gözden geçiren', reader: 'okuyucu' },
  },
  es_ES: {
    greeting: 'Hola:',
    subject: '{tenant}: únete a {organisation}',
    body: '{inviter} te invita a {organisation} en {tenant}, como {role}.',
    action: 'Acepta la invitación aquí (creas tu cuenta o inicias sesión con la que ya tienes):',
    expiry: 'El enlace caduca en 14 días. Si no esperabas este correo, ignóralo.',
    roles: { owner: 'propietario', editor: 'editor', reviewer: 'revisor', reader: 'lector' },
  },
};

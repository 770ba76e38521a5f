import type { Language } from '@trackwell/contracts';

/**
 * The Users API's activation e-mail (a store's back office created an account for someone, who
 * now chooses a password): its words in the 14 languages. Placeholders: {tenant}, {name}. The link lives 7
 * days, as Okta's activation token does; the recovery token line is the sign-in e-mails' own.
 */
export interface ActivationStrings {
  subject: string;
  body: string;
  action: string;
  expiry: string;
}

export const ACTIVATION_STRINGS: Record<Language, ActivationStrings> = {
  en: {
    subject: '{tenant}: activate your account',
    body: 'An account at {tenant} has been created for you.',
    action: 'Choose your password here to activate it:',
    expiry: 'The link expires in 7 days. If you did not expect this, ignore this e-mail.',
  },
  ar: {
    subject: '{tenant}: فعّل حسابك',
    body: 'تم إنشاء حساب لك في {tenant}.',
    action: 'اختر كلمة المرور من هنا لتفعيله:',
    expiry: 'تنتهي صلاحية الرابط بعد 7 أيام. إذا لم تكن تتوقع هذه الرسالة فتجاهلها.',
  },
  ru: {
    subject: '{tenant}: активируйте учётную запись',
    body: 'Для вас создана учётная запись в {tenant}.',
    action: 'Задайте пароль по этой ссылке, чтобы активировать её:',
    expiry: 'Ссылка действует 7 дней. Если вы не ждали этого письма, просто проигнорируйте его.',
  },
  fr_CA: {
    subject: '{tenant} : activez votre compte',
    body: 'Un compte {tenant} a été créé pour vous.',
    action: 'Choisissez votre mot de passe ici pour l’activer :',
    expiry: 'Le lien expire dans 7 jours. Si vous ne vous attendiez pas à ce courriel, ignorez-le.',
  },
  fr_FR: {
    subject: '{tenant} : activez votre compte',
    body: 'Un compte {tenant} a été créé pour vous.',
    action: 'Choisissez votre mot de passe ici pour l’activer :',
    expiry: 'Le lien expire dans 7 jours. Si vous ne vous attendiez pas à cet e-mail, ignorez-le.',
  },
  zh_Hans: {
    subject: '{tenant}：激活您的账户',
    body: '已为您创建 {tenant} 账户。',
    action: '请在此设置密码以激活账户：',
    expiry: '链接将在 7 天后失效。如果您没有预料到此邮件，请忽略。',
  },
  de: {
    subject: '{tenant}: Aktivieren Sie Ihr Konto',
    body: 'Für Sie wurde ein Konto bei {tenant} angelegt.',
    action: 'Wählen Sie hier Ihr Passwort, um es zu aktivieren:',
    expiry: 'Der Link ist 7 Tage gültig. Wenn Sie diese E-Mail nicht erwartet haben, ignorieren Sie sie.',
  },
  it: {
    subject: '{tenant}: attiva il tuo account',
    body: 'È stato creato per te un account su {tenant}.',
    action: 'Scegli qui la tua password per attivarlo:',
    expiry: 'Il link scade tra 7 giorni. Se non te lo aspettavi, ignora questa e-mail.',
  },
  ja: {
    subject: '{tenant}：アカウントを有効にしてください',
    body: '{tenant} にあなたのアカウントが作成されました。',
    action: 'こちらでパスワードを設定して有効にしてください:',
    expiry: 'このリンクの有効期限は 7 日間です。心当たりがない場合は、このメールを無視してください。',
  },
  ko: {
    subject: '{tenant}: 계정을 활성화하세요',
    body: '{tenant}에 회원님의 계정이 만들어졌습니다.',
    action: '여기에서 비밀번호를 정해 계정을 활성화하세요:',
    expiry: '링크는 7일 후에 만료됩니다. 예상하지 못한 이메일이라면 무시하세요.',
  },
  pt: {
    subject: '{tenant}: ative a sua conta',
    body: 'Foi criada uma conta {tenant} para si.',
    action: 'Escolha aqui a sua palavra-passe para a ativar:',
    expiry: 'A ligação expira em 7 dias. Se não esperava este e-mail, ignore-o.',
  },
  es: {
    subject: '{tenant}: activa tu cuenta',
    body: 'Se ha creado una cuenta de {tenant} para ti.',
    action: 'Elige tu contraseña aquí para activarla:',
    expiry: 'El enlace caduca en 7 días. Si no esperabas este correo, ignóralo.',
  },
  tr: {
    subject: '{tenant}: hesabınızı etkinleştirin',
    body: '{tenant} üzerinde sizin için bir hesap oluşturuldu.',
    action: 'Etkinleştirmek için parolanızı buradan seçin:',
    expiry: 'Bağlantının süresi 7 gün içinde dolar. Bu e-postayı beklemiyorsanız yok sayın.',
  },
  es_ES: {
    subject: '{tenant}: activa tu cuenta',
    body: 'Se ha creado una cuenta de {tenant} para ti.',
    action: 'Elige aquí tu contraseña para activarla:',
    expiry: 'El enlace caduca en 7 días. Si no esperabas este correo electrónico, ignóralo.',
  },
};

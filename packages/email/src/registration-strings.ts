import type { Language } from '@trackwell/contracts';

/**
 * Self-registration's two e-mails in the 14 languages: the verification code sent to a new
 * address, and the notice sent instead to the owner of an address that already has an account (the page
 * answers the same either way). Placeholders: {tenant}, {name}, {code}, {minutes} (the code's lifetime, 10).
 */
export interface RegistrationStrings {
  codeSubject: string;
  codeBody: string;
  codeExpiry: string;
  existsSubject: string;
  existsBody: string;
  existsAction: string;
}

export const REGISTRATION_STRINGS: Record<Language, RegistrationStrings> = {
  en: {
    codeSubject: '{tenant}: your verification code is {code}',
    codeBody: 'To finish creating your {tenant} account, enter this code on the sign-up page: {code}',
    codeExpiry: 'It expires in {minutes} minutes. If you did not create an account, ignore this e-mail.',
    existsSubject: '{tenant}: someone tried to register with your address',
    existsBody: 'Someone tried to create a {tenant} account with your e-mail address, which already has one.',
    existsAction: 'If it was you, sign in or reset your password here. If not, you can ignore this e-mail:',
  },
  ar: {
    codeSubject: '{tenant}: رمز التحقق الخاص بك هو {code}',
    codeBody: 'لإكمال إنشاء حسابك في {tenant}، أدخل هذا الرمز في صفحة التسجيل: {code}',
    codeExpiry: 'تنتهي صلاحيته خلال {minutes} دقائق. إذا لم تنشئ حسابًا، فتجاهل هذه الرسالة.',
    existsSubject: '{tenant}: حاول شخص ما التسجيل بعنوانك',
    existsBody: 'حاول شخص ما إنشاء حساب في {tenant} بعنوان بريدك الإلكتروني، ولديه حساب بالفعل.',
    existsAction: 'إذا كنت أنت، فسجّل الدخول أو أعد تعيين كلمة المرور من هنا. وإلا يمكنك تجاهل هذه الرسالة:',
  },
  ru: {
    codeSubject: '{tenant}: ваш код подтверждения — {code}',
    codeBody:
      'Чтобы завершить создание учётной записи {tenant}, введите этот код на странице регистрации: {code}',
    codeExpiry:
      'Код действует {minutes} минут. Если вы не создавали учётную запись, проигнорируйте это письмо.',
    existsSubject: '{tenant}: кто-то пытался зарегистрироваться с вашим адресом',
    existsBody: 'Кто-то пытался создать учётную запись {tenant} с вашим адресом, но она у вас уже есть.',
    existsAction: 'Если это были вы, войдите или сбросьте пароль здесь. Если нет, проигнорируйте это письмо:',
  },
  fr_CA: {
    codeSubject: '{tenant} : votre code de vérification est {code}',
    codeBody:
      'Pour terminer la création de votre compte {tenant}, entrez ce code sur la page d’inscription : {code}',
    codeExpiry: 'Il expire dans {minutes} minutes. Si vous n’avez pas créé de compte, ignorez ce courriel.',
    existsSubject: '{tenant} : quelqu’un a tenté de s’inscrire avec votre adresse',
    existsBody:
      'Quelqu’un a tenté de créer un compte {tenant} avec votre adresse courriel, qui en a déjà un.',
    existsAction:
      'Si c’était vous, connectez-vous ou réinitialisez votre mot de passe ici. Sinon, ignorez ce courriel :',
  },
  fr_FR: {
    codeSubject: '{tenant} : votre code de vérification est {code}',
    codeBody:
      'Pour terminer la création de votre compte {tenant}, saisissez ce code sur la page d’inscription : {code}',
    codeExpiry: 'Il expire dans {minutes} minutes. Si vous n’avez pas créé de compte, ignorez cet e-mail.',
    existsSubject: '{tenant} : quelqu’un a tenté de s’inscrire avec votre adresse',
    existsBody: 'Quelqu’un a tenté de créer un compte {tenant} avec votre adresse e-mail, qui en a déjà un.',
    existsAction:
      'Si c’était vous, connectez-vous ou réinitialisez votre mot de passe ici. Sinon, ignorez cet e-mail :',
  },
  zh_Hans: {
    codeSubject: '{tenant}：您的验证码是 {code}',
    codeBody: '要完成创建您的 {tenant} 帐户，请在注册页面输入此验证码：{code}',
    codeExpiry: '验证码将在 {minutes} 分钟后过期。如果您没有创建帐户，请忽略此邮件。',
    existsSubject: '{tenant}：有人尝试使用您的地址注册',
    existsBody: '有人尝试使用您的电子邮件地址创建 {tenant} 帐户，但该地址已有帐户。',
    existsAction: '如果是您本人，请在此登录或重置密码。如果不是，您可以忽略此邮件：',
  },
  de: {
    codeSubject: '{tenant}: Ihr Bestätigungscode lautet {code}',
    codeBody:
      'Um Ihr {tenant}-Konto fertig anzulegen, geben Sie diesen Code auf der Registrierungsseite ein: {code}',
    codeExpiry:
      'Er läuft in {minutes} Minuten ab. Wenn Sie kein Konto angelegt haben, ignorieren Sie diese E-Mail.',
    existsSubject: '{tenant}: Jemand wollte sich mit Ihrer Adresse registrieren',
    existsBody:
      'Jemand wollte mit Ihrer E-Mail-Adresse ein {tenant}-Konto anlegen; für sie gibt es bereits eines.',
    existsAction:
      'Wenn Sie es waren, melden Sie sich hier an oder setzen Sie Ihr Passwort zurück. Sonst ignorieren Sie diese E-Mail:',
  },
  it: {
    codeSubject: '{tenant}: il tuo codice di verifica è {code}',
    codeBody:
      'Per completare la creazione del tuo account {tenant}, inserisci questo codice nella pagina di registrazione: {code}',
    codeExpiry: 'Scade tra {minutes} minuti. Se non hai creato un account, ignora questa e-mail.',
    existsSubject: '{tenant}: qualcuno ha provato a registrarsi con il tuo indirizzo',
    existsBody:
      'Qualcuno ha provato a creare un account {tenant} con il tuo indirizzo e-mail, che ne ha già uno.',
    existsAction: 'Se sei stato tu, accedi o reimposta la password qui. Altrimenti ignora questa e-mail:',
  },
  ja: {
    codeSubject: '{tenant}: 確認コードは {code} です',
    codeBody: '{tenant} のアカウント作成を完了するには、登録ページでこのコードを入力してください: {code}',
    codeExpiry:
      'コードの有効期限は {minutes} 分です。アカウントを作成していない場合は、このメールを無視してください。',
    existsSubject: '{tenant}: あなたのアドレスで登録が試みられました',
    existsBody:
      'どなたかがあなたのメールアドレスで {tenant} のアカウントを作成しようとしましたが、このアドレスにはすでにアカウントがあります。',
    existsAction:
      'ご本人の場合は、こちらからサインインするかパスワードを再設定してください。心当たりがない場合は無視してください:',
  },
  ko: {
    codeSubject: '{tenant}: 인증 코드는 {code}입니다',
    codeBody: '{tenant} 계정 만들기를 완료하려면 가입 페이지에 이 코드를 입력하세요: {code}',
    codeExpiry: '코드는 {minutes}분 후에 만료됩니다. 계정을 만들지 않았다면 이 이메일을 무시하세요.',
    existsSubject: '{tenant}: 누군가 회원님의 주소로 가입을 시도했습니다',
    existsBody:
      '누군가 회원님의 이메일 주소로 {tenant} 계정을 만들려고 했지만, 이 주소에는 이미 계정이 있습니다.',
    existsAction:
      '본인이라면 여기에서 로그인하거나 비밀번호를 재설정하세요. 아니라면 이 이메일을 무시하셔도 됩니다:',
  },
  pt: {
    codeSubject: '{tenant}: seu código de verificação é {code}',
    codeBody:
      'Para concluir a criação da sua conta {tenant}, digite este código na página de cadastro: {code}',
    codeExpiry: 'Ele expira em {minutes} minutos. Se você não criou uma conta, ignore este e-mail.',
    existsSubject: '{tenant}: alguém tentou se cadastrar com seu endereço',
    existsBody: 'Alguém tentou criar uma conta {tenant} com seu endereço de e-mail, que já tem uma.',
    existsAction: 'Se foi você, entre ou redefina sua senha aqui. Se não, ignore este e-mail:',
  },
  es: {
    codeSubject: '{tenant}: su código de verificación es {code}',
    codeBody:
      'Para terminar de crear su cuenta de {tenant}, ingrese este código en la página de registro: {code}',
    codeExpiry: 'Vence en {minutes} minutos. Si no creó una cuenta, ignore este correo.',
    existsSubject: '{tenant}: alguien intentó registrarse con su dirección',
    existsBody: 'Alguien intentó crear una cuenta de {tenant} con su dirección de correo, que ya tiene una.',
    existsAction: 'Si fue usted, inicie sesión o restablezca su contraseña aquí. Si no, ignore este correo:',
  },
  tr: {
    codeSubject: '{tenant}: doğrulama kodunuz {code}',
    codeBody: '{tenant} hesabınızı oluşturmayı tamamlamak için bu kodu kayıt sayfasına girin: {code}',
    codeExpiry: 'Kodun süresi {minutes} dakika içinde dolar. Hesap oluşturmadıysanız bu e-postayı yok sayın.',
    existsSubject: '{tenant}: biri adresinizle kaydolmaya çalıştı',
    existsBody:
      'Biri e-posta adresinizle bir {tenant} hesabı oluşturmaya çalıştı; bu adresin zaten bir hesabı var.',
    existsAction:
      'Bu sizseniz buradan oturum açın veya parolanızı sıfırlayın. Değilse bu e-postayı yok sayabilirsiniz:',
  },
  es_ES: {
    codeSubject: '{tenant}: tu código de verificación es {code}',
    codeBody:
      'Para terminar de crear tu cuenta de {tenant}, introduce este código en la página de registro: {code}',
    codeExpiry: 'Caduca en {minutes} minutos. Si no has creado una cuenta, ignora este correo.',
    existsSubject: '{tenant}: alguien ha intentado registrarse con tu dirección',
    existsBody:
      'Alguien ha intentado crear una cuenta de {tenant} con tu dirección de correo, que ya tiene una.',
    existsAction: 'Si has sido tú, inicia sesión o restablece tu contraseña aquí. Si no, ignora este correo:',
  },
};

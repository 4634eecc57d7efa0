/**
 * Every user-facing message of the SDK, the server and the clients, in Chinese (the source and fallback
 * language) and English. Keys are `<group>.<rule>`; `{name}` placeholders are filled by `translate()`.
 * Validation schemas put these keys in their zod issues; server errors reuse them for the texts that
 * new-api sends verbatim (the Chinese wording follows new-api).
 */
export const MESSAGES = {
  // Generic validation and transport
  'common.required': { zh: '此项不能为空', en: 'this field is required' },
  'common.invalidInput': { zh: '输入不合法', en: 'invalid input' },
  'common.invalidInteger': { zh: '必须是整数', en: 'must be an integer' },
  'common.invalidNumber': { zh: '必须是数字', en: 'must be a number' },
  'common.notNegative': { zh: '不能为负数', en: 'must not be negative' },
  'common.tooSmall': { zh: '不能小于 {min}', en: 'must not be less than {min}' },
  'common.tooLarge': { zh: '不能大于 {max}', en: 'must not be greater than {max}' },
  'common.mustBePositive': { zh: '必须大于 0', en: 'must be greater than 0' },
  'common.invalidId': { zh: '无效的 ID', en: 'invalid id' },
  'common.quotaInvalid': {
    zh: '额度必须是 0 到 9007199254740991 之间的整数',
    en: 'the quota must be an integer from 0 to 9007199254740991',
  },
  'common.invalidJson': { zh: '不是合法的 JSON 字符串', en: 'not a valid JSON string' },
  'common.invalidBoolean': { zh: '只能是 true 或 false', en: "must be 'true' or 'false'" },
  'common.invalidEmail': { zh: '无效的邮箱地址', en: 'invalid email address' },
  'common.invalidList': {
    zh: '必须是逗号分隔的字符串或字符串列表',
    en: 'must be a comma-separated string or a list of strings',
  },
  'common.nameControlChars': {
    zh: '名称不能包含控制字符（如换行、制表符、ESC）或文字方向控制符',
    en: 'names must not contain control characters (such as line breaks, tabs or ESC) or text-direction controls',
  },
  'common.invalidTimestamp': { zh: '时间戳必须是非负整数', en: 'a timestamp must be a non-negative integer' },
  'common.timeRangeInvalid': {
    zh: '开始时间不能晚于结束时间',
    en: 'the start time must not be after the end time',
  },
  'common.nothingChanged': { zh: '你似乎并没有修改什么', en: 'you seem to have changed nothing' },
  'common.noModification': { zh: '没有修改', en: 'no modification' },
  'common.invalidParams': { zh: '无效的参数', en: 'invalid parameters' },
  'common.invalidJsonBody': { zh: '请求体不是合法的 JSON', en: 'the request body is not valid JSON' },
  'common.jsonTooDeep': {
    zh: '请求体 JSON 嵌套层数过多（最多 {max} 层）',
    en: 'the JSON body is nested too deeply (at most {max} levels)',
  },
  'common.bodyTooLarge': { zh: '请求体过大', en: 'the request body is too large' },
  'common.unsupportedMediaType': {
    zh: '不支持的请求内容类型，请使用 application/json',
    en: 'unsupported content type, send application/json',
  },
  'common.tooManyRequests': { zh: '请求次数过多，请稍后再试！', en: 'too many requests, try later' },
  'common.internalError': {
    zh: '服务器内部错误，请联系管理员！',
    en: 'server internal error, contact admin',
  },
  'common.demoSite': { zh: '本站仅作演示之用，无服务端！', en: 'this site is a demo only and has no server' },
  'common.requestFailed': { zh: '请求失败', en: 'request failed' },
  'common.refreshFailed': { zh: '刷新失败', en: 'refresh failed' },
  'common.saveFailed': { zh: '保存失败，请重试', en: 'save failed, please retry' },
  'common.partialSaveFailed': { zh: '部分保存失败，请重试', en: 'partial save failed, please retry' },
  'common.checkInput': { zh: '请检查输入', en: 'please check your input' },
  'common.submitFailed': { zh: '提交失败，请勿重复提交', en: 'submit failed, do not resubmit' },
  'common.copyFailed': { zh: '无法复制到剪贴板，请手动复制', en: 'cannot copy to clipboard, copy manually' },
  'common.duplicatedUuid': { zh: '出现重复的 UUID，请重试', en: 'duplicated UUID, please retry' },
  'common.databaseInconsistent': {
    zh: '数据库一致性已被破坏，请联系管理员',
    en: 'database consistency is broken, contact admin',
  },
  'list.invalidPage': { zh: '页码必须是不小于 1 的整数', en: 'the page must be an integer of at least 1' },
  'list.invalidPageSize': {
    zh: '每页条数必须在 1 到 100 之间',
    en: 'the page size must be between 1 and 100',
  },

  // Login, registration, sessions
  'auth.credentialsRequired': { zh: '请输入用户名和密码！', en: 'please enter username and password' },
  'auth.emailRequired': { zh: '请输入邮箱地址！', en: 'please enter your email address' },
  'auth.verificationCodeRequired': { zh: '请输入验证码！', en: 'please enter the verification code' },
  'auth.defaultRootPassword': {
    zh: '您正在使用默认密码！请立刻修改默认密码！',
    en: 'you are using the default password, change it at once',
  },
  'auth.wrongCredentials': { zh: '用户名或密码错误', en: 'wrong username or password' },
  'auth.userBanned': { zh: '用户已被封禁', en: 'the user is banned' },
  'auth.passwordLoginDisabled': {
    zh: '管理员关闭了密码登录',
    en: 'the administrator has disabled password login',
  },
  'auth.registerDisabled': { zh: '管理员关闭了注册', en: 'the administrator has disabled registration' },
  'auth.passwordRegisterDisabled': {
    zh: '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册',
    en: 'the administrator has disabled password registration, register with a third-party account',
  },
  'auth.usernameTaken': { zh: '用户名已存在，或已注销', en: 'the username already exists or was deleted' },
  'auth.emailTaken': { zh: '邮箱地址已被占用', en: 'the email address is already taken' },
  'auth.emailDomainNotAllowed': {
    zh: '管理员启用了邮箱域名白名单，您的邮箱地址的域名不在白名单中',
    en: 'the domain of your email address is not on the whitelist',
  },
  'auth.verificationCodeInvalid': { zh: '验证码错误或已过期', en: 'invalid or expired verification code' },
  'auth.resetLinkInvalid': { zh: '重置链接非法或已过期', en: 'the reset link is invalid or has expired' },
  'auth.notLoggedIn': {
    zh: '无权进行此操作，未登录且未提供 access token',
    en: 'not logged in and no access token provided',
  },
  'auth.sessionExpired': {
    zh: '未登录或登录已过期，请重新登录',
    en: 'unauthenticated or login expired, please log in again',
  },
  'auth.accessTokenInvalid': { zh: '无权进行此操作，access token 无效', en: 'invalid access token' },
  'auth.userIdHeaderMissing': {
    zh: '无权进行此操作，未提供 New-Api-User',
    en: 'no permission: the New-Api-User header is missing',
  },
  'auth.userIdHeaderMismatch': {
    zh: '无权进行此操作，New-Api-User 与登录用户不匹配',
    en: 'no permission: New-Api-User does not match the logged-in user',
  },
  'auth.insufficientPermissions': { zh: '无权进行此操作，权限不足', en: 'insufficient permissions' },
  'auth.turnstileFailed': {
    zh: 'Turnstile 校验失败，请刷新重试！',
    en: 'Turnstile check failed, refresh and retry',
  },
  'auth.turnstilePending': {
    zh: '请稍后几秒重试，Turnstile 正在检查用户环境！',
    en: 'please retry in a few seconds, Turnstile is checking your environment',
  },
  'auth.oauthStateInvalid': { zh: 'state 为空或不匹配', en: 'the OAuth state is empty or does not match' },
  'auth.turnstileTokenEmpty': { zh: 'Turnstile token 为空', en: 'the Turnstile token is empty' },
  'auth.turnstileUnreachable': {
    zh: '无法连接 Turnstile 校验服务，请稍后重试',
    en: 'cannot reach the Turnstile verification service, retry later',
  },

  // Third-party sign-in and binding (new-api's wording)
  'oauth.githubDisabled': {
    zh: '管理员未开启通过 GitHub 登录以及注册',
    en: 'the administrator has not enabled login and registration with GitHub',
  },
  'oauth.linuxdoDisabled': {
    zh: '管理员未开启通过 Linux DO 登录以及注册',
    en: 'the administrator has not enabled login and registration with Linux DO',
  },
  'oauth.wechatDisabled': {
    zh: '管理员未开启通过微信登录以及注册',
    en: 'the administrator has not enabled login and registration with WeChat',
  },
  'oauth.telegramDisabled': {
    zh: '管理员未开启通过 Telegram 登录以及注册',
    en: 'the administrator has not enabled login and registration with Telegram',
  },
  'oauth.registerDisabled': {
    zh: '管理员关闭了新用户注册',
    en: 'the administrator has disabled new user registration',
  },
  'oauth.userDeleted': { zh: '用户已注销', en: 'the user has been deleted' },
  'oauth.githubTaken': { zh: '该 GitHub 账户已被绑定', en: 'this GitHub account is already bound' },
  'oauth.linuxdoTaken': { zh: '该 Linux DO 账户已被绑定', en: 'this Linux DO account is already bound' },
  'oauth.wechatTaken': { zh: '该微信账号已被绑定', en: 'this WeChat account is already bound' },
  'oauth.telegramTaken': { zh: '该 Telegram 账户已被绑定', en: 'this Telegram account is already bound' },
  'oauth.telegramNotBound': { zh: '该 Telegram 账户未绑定', en: 'this Telegram account is not bound' },
  'oauth.telegramInvalid': { zh: '无效的请求', en: 'invalid request' },
  'oauth.telegramBindExpired': {
    zh: '绑定链接已失效，请回到个人设置页重新绑定',
    en: 'the bind link has expired or was already used: go back to the settings page and bind again',
  },
  'oauth.telegramBindNeedsSession': {
    zh: '请在网页控制台登录后绑定 Telegram',
    en: 'binding Telegram needs a login session in the console, not an access token',
  },
  'oauth.telegramExpired': {
    zh: 'Telegram 登录数据已过期，请重新登录',
    en: 'the Telegram login data has expired, log in again',
  },
  'oauth.providerUnreachable': {
    zh: '无法连接至 {provider} 服务器，请稍后重试！',
    en: 'cannot connect to the {provider} server, retry later',
  },
  'oauth.tokenExchangeFailed': {
    zh: '无法从 {provider} 获取访问令牌：{reason}',
    en: 'failed to get an access token from {provider}: {reason}',
  },
  'oauth.providerUserInvalid': {
    zh: '返回值非法，用户字段为空，请稍后重试！',
    en: 'the provider returned no user, retry later',
  },
  'oauth.providerMessage': { zh: '{message}', en: '{message}' },

  // Users
  'user.usernameRequired': { zh: '用户名不能为空', en: 'the username must not be empty' },
  'user.usernameTooLong': {
    zh: '用户名长度不能超过 12 个字符',
    en: 'the username must not exceed 12 characters',
  },
  'user.passwordTooShort': { zh: '密码长度不得小于 8 位！', en: 'password length must not be less than 8' },
  'user.passwordTooLong': { zh: '密码长度不得超过 20 位！', en: 'password length must not exceed 20' },
  'user.passwordsDiffer': { zh: '两次输入的密码不一致！', en: 'two passwords differ' },
  'user.displayNameTooLong': {
    zh: '显示名称长度不能超过 20 个字符',
    en: 'the display name must not exceed 20 characters',
  },
  'user.credentialsRequired': { zh: '用户名和密码不能为空！', en: 'username and password must not be empty' },
  'user.invalidRole': { zh: '无效的用户角色', en: 'invalid role' },
  'user.invalidAction': { zh: '无效的操作', en: 'invalid action' },
  'user.deleteConfirmMismatch': {
    zh: '输入的内容与您的用户名不一致',
    en: 'the text you typed does not match your username',
  },
  'user.emailAndCodeRequired': {
    zh: '请输入邮箱和验证码',
    en: 'please enter the email and the verification code',
  },
  'user.affTransferTooSmall': {
    zh: '划转额度最低为 {min}',
    en: 'the amount to transfer must be at least {min}',
  },
  'user.affQuotaInsufficient': { zh: '邀请额度不足！', en: 'not enough invitation quota' },
  'user.affTransferDone': { zh: '划转成功', en: 'transfer succeeded' },
  'user.invalidNotifyType': { zh: '无效的通知类型', en: 'invalid notification type' },
  'user.thresholdPositive': { zh: '预警阈值必须大于0', en: 'the warning threshold must be greater than 0' },
  'user.webhookUrlRequired': { zh: 'Webhook地址不能为空', en: 'the webhook URL must not be empty' },
  'user.webhookUrlHttps': {
    zh: 'Webhook地址必须以 https:// 开头',
    en: 'the webhook URL must start with https://',
  },
  'user.webhookUrlInvalid': { zh: 'Webhook地址格式不正确', en: 'the webhook URL is not a valid URL' },
  'user.webhookUrlPrivate': {
    zh: 'Webhook地址不能指向内网、本机或保留地址',
    en: 'the webhook URL must not point to a private, loopback or reserved address',
  },
  'user.settingUpdated': { zh: '设置已更新', en: 'settings updated' },
  'user.notFound': { zh: '用户不存在', en: 'the user does not exist' },
  'user.noAccessSameOrHigher': {
    zh: '无权获取同级或更高等级用户的信息',
    en: 'no access to the information of users at the same or a higher level',
  },
  'user.noUpdateSameOrHigher': {
    zh: '无权更新同权限等级或更高权限等级的用户信息',
    en: 'no permission to update users at the same or a higher level',
  },
  'user.noActionSameOrHigher': {
    zh: '无权操作同权限等级或更高权限等级的用户',
    en: 'no action allowed on users at the same or a higher level',
  },
  'user.noCreateSameOrHigher': {
    zh: '无法创建权限大于等于自己的用户',
    en: 'cannot create users with a role at or above your own',
  },
  'user.adminCannotPromote': {
    zh: '普通管理员用户无法提升其他用户为管理员',
    en: 'a regular admin cannot promote other users to admin',
  },
  'user.cannotDisableRoot': { zh: '无法禁用超级管理员用户', en: 'the super admin cannot be disabled' },
  'user.cannotDeleteRoot': { zh: '无法删除超级管理员用户', en: 'the super admin cannot be deleted' },
  'user.cannotDemoteRoot': { zh: '无法降级超级管理员用户', en: 'the super admin cannot be demoted' },
  'user.alreadyAdmin': { zh: '该用户已经是管理员', en: 'the user is already an admin' },
  'user.alreadyCommon': { zh: '该用户已经是普通用户', en: 'the user is already a regular user' },
  'user.originalPasswordRequired': { zh: '请输入原密码', en: 'please enter your current password' },
  'user.originalPasswordWrong': { zh: '原密码错误', en: 'the current password is wrong' },
  'user.ownGroupDesc': { zh: '用户分组', en: 'user group' },
  'user.quotaChangedLog': {
    zh: '管理员将用户额度从 {from} 修改为 {to}',
    en: 'admin changed quota from {from} to {to}',
  },
  'auth.emailVerificationRequired': {
    zh: '管理员开启了邮箱验证，请输入邮箱地址和验证码',
    en: 'email verification is on: enter your email address and the verification code',
  },
  'auth.emailAliasNotAllowed': {
    zh: '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。',
    en: 'email aliases are not allowed: the address must not contain "+" or "." before the @',
  },
  'auth.verificationTooFrequent': {
    zh: '发送过于频繁，请 {seconds} 秒后再试',
    en: 'sent moments ago, try again in {seconds} s',
  },
  'mail.verificationSubject': { zh: '{system}邮箱验证邮件', en: '{system} email verification' },
  'mail.verificationBody': {
    zh: '<p>您好，你正在进行{system}邮箱验证。</p><p>您的验证码为: <strong>{code}</strong></p><p>验证码 {minutes} 分钟内有效，如果不是本人操作，请忽略。</p>',
    en: '<p>Hello, you are verifying your email address for {system}.</p><p>Your verification code is: <strong>{code}</strong></p><p>The code is valid for {minutes} minutes. If this was not you, ignore this mail.</p>',
  },
  'mail.addressTakenBody': {
    zh: '<p>您好，有人（可能是您本人）请求{system}向此邮箱发送验证码，但此邮箱已属于一个账户，因此没有发送验证码。</p><p>如果是您本人，请直接登录；忘记密码可在登录页重置。如果不是本人操作，请忽略本邮件。</p>',
    en: '<p>Hello, someone (perhaps you) asked {system} for a verification code for this address, but an account already uses it, so no code was sent.</p><p>If it was you, sign in instead, or reset your password on the login page. If not, ignore this mail.</p>',
  },
  'mail.resetSubject': { zh: '{system}密码重置', en: '{system} password reset' },
  'mail.resetBody': {
    zh: "<p>您好，你正在进行{system}密码重置。</p><p>点击 <a href='{link}'>此处</a> 进行密码重置。</p><p>如果链接无法点击，请尝试点击下面的链接或将其复制到浏览器中打开：<br> {link} </p><p>重置链接 {minutes} 分钟内有效，如果不是本人操作，请忽略。</p>",
    en: "<p>Hello, you asked to reset your {system} password.</p><p>Click <a href='{link}'>here</a> to reset it.</p><p>If the link does not open, copy it into your browser:<br> {link} </p><p>The link is valid for {minutes} minutes. If this was not you, ignore this mail.</p>",
  },

  // Tokens and the relay's token checks
  'token.nameRequired': { zh: '请输入令牌名称', en: 'please enter the token name' },
  'token.nameTooLong': { zh: '令牌名称过长', en: 'the token name is too long' },
  'token.expiryFormat': { zh: '过期时间格式错误！', en: 'expiry time format error' },
  'token.batchCountInvalid': {
    zh: '批量创建数量必须是正整数',
    en: 'the number of tokens to create must be a positive integer',
  },
  'token.invalidStatus': { zh: '无效的令牌状态', en: 'invalid token status' },
  'token.cannotEnableExpired': {
    zh: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
    en: 'the token has expired and cannot be enabled; change its expiry time first or make it never expire',
  },
  'token.cannotEnableExhausted': {
    zh: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
    en: 'the token quota is used up and it cannot be enabled; change its quota first or make it unlimited',
  },
  'token.selectAtLeastOne': { zh: '请至少选择一个令牌！', en: 'please select at least one token' },
  'token.noEnabledToken': { zh: '没有可用的已启用令牌', en: 'no enabled token available' },
  'token.missing': { zh: '未提供令牌', en: 'no token provided' },
  'token.invalid': { zh: '无效的令牌', en: 'invalid token' },
  'token.expired': { zh: '该令牌已过期', en: 'the token has expired' },
  'token.exhausted': { zh: '该令牌额度已用尽', en: 'the token quota is depleted' },
  'token.unavailable': { zh: '该令牌状态不可用', en: 'the token is not available' },
  'token.quotaInsufficient': { zh: '令牌额度不足', en: 'insufficient token quota' },
  'token.ipNotAllowed': {
    zh: '您的 IP 不在令牌允许访问的列表中',
    en: 'your IP is not on the list of addresses allowed for this token',
  },
  'token.modelNotAllowed': {
    zh: '该令牌无权访问模型 {model}',
    en: 'this token may not use the model {model}',
  },
  'token.groupDisabled': { zh: '令牌分组 {group} 已被禁用', en: 'the token group {group} is disabled' },
  'token.channelPinForbidden': { zh: '普通用户不支持指定渠道', en: 'regular users cannot specify channels' },
  'token.notFound': { zh: '令牌不存在', en: 'the token does not exist' },
  'token.groupForbidden': { zh: '无权使用分组 {group}', en: 'you may not use the group {group}' },
  'token.batchCountTooLarge': {
    zh: '一次最多创建 {max} 个令牌',
    en: 'at most {max} tokens can be created at once',
  },

  // Relay
  'relay.userQuotaInsufficient': { zh: '用户额度不足', en: 'insufficient user quota' },
  'relay.noAvailableChannel': {
    zh: '当前分组 {group} 下对于模型 {model} 无可用渠道',
    en: 'no available channel for model {model} in group {group}',
  },
  'relay.channelDisabled': { zh: '该渠道已被禁用', en: 'the channel is disabled' },
  'relay.groupDeprecated': { zh: '分组 {group} 已被弃用', en: 'the group {group} is deprecated' },
  'relay.upstreamSaturated': {
    zh: '当前分组上游负载已饱和，请稍后再试',
    en: 'the upstream load of this group is saturated, try later',
  },
  'relay.modelPriceNotSet': {
    zh: '模型 {model} 倍率或价格未配置，请联系管理员设置或开始自用模式',
    en: 'no ratio or price is set for model {model}; ask the admin to set one or enable self-use mode',
  },
  'relay.rateLimited': {
    zh: '您已达到请求数限制：{minutes}分钟内最多请求{count}次',
    en: 'request limit reached: at most {count} requests in {minutes} minutes',
  },
  'budget.invalidPeriod': {
    zh: '周期须为空、day、week、month 或 rolling_day',
    en: 'the period must be empty, day, week, month or rolling_day',
  },
  'budget.invalidLimit': { zh: '限额须为 0 或正整数', en: 'the limit must be 0 or a positive whole number' },
  'budget.tokenQuotaExceeded': {
    zh: '令牌本周期（{period}）额度已用尽：上限 {limit}，将于 {resetAt} 重置',
    en: 'the token has spent its {period} budget of {limit}; it resets at {resetAt}',
  },
  'budget.userQuotaExceeded': {
    zh: '用户本周期（{period}）额度已用尽：上限 {limit}，将于 {resetAt} 重置',
    en: 'the user has spent their {period} budget of {limit}; it resets at {resetAt}',
  },
  'budget.tokenRequestsExceeded': {
    zh: '令牌本周期（{period}）请求次数已用尽：上限 {limit} 次，将于 {resetAt} 重置',
    en: 'the token has made its {period} limit of {limit} requests; it resets at {resetAt}',
  },
  'budget.userRequestsExceeded': {
    zh: '用户本周期（{period}）请求次数已用尽：上限 {limit} 次，将于 {resetAt} 重置',
    en: 'the user has made their {period} limit of {limit} requests; it resets at {resetAt}',
  },
  'budget.concurrencyExceeded': {
    zh: '令牌并发请求数已达上限 {limit}，请在进行中的请求结束后重试',
    en: 'the token has {limit} requests in flight, its limit; retry when one ends',
  },
  'budget.rpmExceeded': {
    zh: '令牌每分钟请求数已达上限 {limit}，{seconds} 秒后可重试',
    en: 'the token has made {limit} requests this minute, its limit; retry in {seconds} s',
  },
  'budget.tpmExceeded': {
    zh: '令牌每分钟 token 数已达上限 {limit}，{seconds} 秒后可重试',
    en: 'the token has used {limit} tokens this minute, its limit; retry in {seconds} s',
  },
  'relay.modelRequired': { zh: '未指定模型名称', en: 'the model is required' },
  'relay.messagesRequired': { zh: 'messages 不能为空', en: 'messages must not be empty' },
  'relay.inputRequired': { zh: '{field} 不能为空', en: '{field} must not be empty' },
  'relay.invalidField': {
    zh: '请求参数 {field} 不合法：{reason}',
    en: 'invalid request parameter {field}: {reason}',
  },
  'channel.headerUnsafe': {
    zh: '含有 HTTP 请求头无法携带的字符（控制字符或非 ASCII 字符）',
    en: 'it holds characters an HTTP header cannot carry (control or non-ASCII characters)',
  },
  'relay.bodyNotObject': {
    zh: '请求体必须是 JSON 对象（Content-Type: application/json）',
    en: 'the request body must be a JSON object (Content-Type: application/json)',
  },
  'relay.channelNotFound': { zh: '指定的渠道不存在', en: 'the pinned channel does not exist' },
  'relay.upstreamUnreachable': { zh: '请求上游地址失败', en: 'the upstream could not be reached' },
  'relay.notImplemented': { zh: 'API not implemented', en: 'API not implemented' },
  'relay.modelNotFound': { zh: '模型 {model} 不存在', en: 'the model {model} does not exist' },
  'relay.playgroundSessionOnly': {
    zh: '操练场仅支持网页登录会话，不支持 access token',
    en: 'the playground accepts a login session only, not an access token',
  },
  // new-api's own words, in English for every client.
  'relay.sensitiveWords': { zh: 'sensitive words detected', en: 'sensitive words detected' },

  // Redemption codes
  'redemption.nameRequired': { zh: '请输入兑换码名称', en: 'please enter the name' },
  'redemption.nameLength': {
    zh: '兑换码名称长度必须在1-20之间',
    en: 'the name must be 1 to 20 characters long',
  },
  'redemption.countInteger': { zh: '数量必须是整数', en: 'the count must be an integer' },
  'redemption.countPositive': { zh: '兑换码个数必须大于0', en: 'the count must be greater than 0' },
  'redemption.countTooLarge': {
    zh: '一次兑换码批量生成的个数不能大于 100',
    en: 'at most 100 codes can be created at once',
  },
  'redemption.invalidStatus': { zh: '无效的兑换码状态', en: 'invalid redemption code status' },
  'redemption.invalidCode': { zh: '无效的兑换码', en: 'invalid redemption code' },
  'redemption.codeUsed': { zh: '该兑换码已被使用', en: 'this redemption code has already been used' },
  'redemption.cannotEnableUsed': { zh: '已使用的兑换码无法启用', en: 'a used code cannot be enabled' },
  'redemption.cannotDisableUsed': { zh: '已使用的兑换码无法禁用', en: 'a used code cannot be disabled' },
  'redemption.notFound': { zh: '兑换码不存在', en: 'the redemption code does not exist' },
  'redemption.topUpLog': { zh: '通过兑换码充值 {quota}', en: 'topped up {quota} with a redemption code' },
  'redemption.onlyUnusedEditable': {
    zh: '只有未使用的兑换码可以编辑',
    en: 'only unused codes can be edited',
  },
  'redemption.selectAtLeastOne': {
    zh: '请至少选择一个兑换码！',
    en: 'please select at least one redemption code',
  },

  // Channels
  'channel.nameAndKeyRequired': {
    zh: '请填写渠道名称和渠道密钥！',
    en: 'please fill in the channel name and key',
  },
  'channel.keyRequired': { zh: '请填写密钥！', en: 'please fill in the key' },
  'channel.keyControlChars': {
    zh: '密钥不能包含控制字符（换行只用于批量创建时分隔多个密钥）',
    en: 'a key must not contain control characters (line breaks only separate keys in batch mode)',
  },
  'channel.baseUrlInvalid': {
    zh: 'Base URL 必须是以 http:// 或 https:// 开头的地址',
    en: 'the base URL must be an http:// or https:// address',
  },
  'channel.keyMultiline': {
    zh: '单个创建时密钥不能包含多行，请使用批量创建',
    en: 'a single channel takes a one-line key; use batch mode for one key per line',
  },
  'channel.modelsRequired': { zh: '请至少选择一个模型！', en: 'please select at least one model' },
  'channel.modelsDuplicate': { zh: '某些模型已存在！', en: 'some models already exist' },
  'channel.modelNameTooLong': { zh: '模型名称过长', en: 'a model name is too long' },
  'channel.groupsDuplicate': { zh: '分组名称不能重复', en: 'group names must be unique' },
  'channel.modelMappingInvalid': {
    zh: '模型映射必须是合法的 JSON 格式！',
    en: 'the model mapping must be a valid JSON object',
  },
  'channel.statusCodeMappingInvalid': {
    zh: '状态码复写必须是合法的 JSON 格式！',
    en: 'the status code mapping must be a valid JSON object',
  },
  'channel.settingInvalid': {
    zh: '渠道额外设置必须是合法的 JSON 格式！',
    en: 'the channel settings must be a valid JSON object',
  },
  'channel.priorityInteger': { zh: '优先级必须是整数', en: 'priority must be an integer' },
  'channel.priorityMin': { zh: '优先级不能小于 -999', en: 'priority must not be less than -999' },
  'channel.weightNonNegative': { zh: '权重必须是非负整数', en: 'weight must be a non-negative integer' },
  'channel.invalidType': { zh: '无效的渠道类型', en: 'invalid channel type' },
  'channel.invalidStatus': { zh: '无效的渠道状态', en: 'invalid channel status' },
  'channel.invalidAutoBan': { zh: '自动禁用只能是 1 或 0', en: 'auto_ban must be 1 or 0' },
  'channel.vertexKeyInvalid': {
    zh: '无法解析密钥，请填写 JSON 格式的凭证',
    en: 'cannot parse the key: enter a JSON credential',
  },
  'channel.vertexRegionRequired': { zh: '部署地区不能为空', en: 'the deployment region must not be empty' },
  'channel.selectFirst': { zh: '请先选择渠道！', en: 'please select channels first' },
  'channel.deleteSelectFirst': { zh: '请先选择要删除的渠道！', en: 'please select channels to delete first' },
  'channel.tagRequired': { zh: '标签不能为空！', en: 'tag cannot be empty' },
  'channel.notFound': { zh: '渠道未找到，请刷新页面后重试', en: 'channel not found, refresh and retry' },
  'channel.fetchModelsFailed': { zh: '获取模型列表失败', en: 'failed to fetch model list' },
  'channel.copyFailed': { zh: '复制渠道失败', en: 'channel copy failed' },
  'channel.testRunning': { zh: '测试已在运行中', en: 'a test is already running' },
  'channel.testSlow': {
    zh: '响应时间 {time}s 超过阈值 {threshold}s',
    en: 'response time {time}s exceeds {threshold}s',
  },
  'channel.testBadResponse': { zh: '无法解析上游的响应', en: 'the upstream response could not be read' },
  'channel.balanceNotSupported': {
    zh: '该渠道类型不支持查询余额',
    en: 'this channel type has no balance query',
  },

  // Wallet
  'wallet.redemptionCodeRequired': { zh: '请输入兑换码！', en: 'please enter the redemption code' },
  'wallet.amountInteger': { zh: '充值数量必须是整数', en: 'the amount must be an integer' },
  'wallet.topUpAmountTooSmall': {
    zh: '充值数量不能小于 {min}',
    en: 'top-up amount cannot be less than {min}',
  },
  'wallet.paymentMethodRequired': { zh: '请选择支付方式', en: 'please choose a payment method' },
  'wallet.onlineTopUpDisabled': { zh: '管理员未开启在线充值！', en: 'admin has not enabled online top-up' },
  'wallet.topUpLinkNotSet': { zh: '超级管理员未设置充值链接！', en: 'super admin has not set a top-up link' },
  'wallet.paramsInvalid': { zh: '参数错误', en: 'invalid parameters' },
  'wallet.amountWholeUnits': {
    zh: '充值数量必须是 {unit} 的整数倍',
    en: 'the amount must be a multiple of {unit}',
  },
  'wallet.payMoneyTooLow': { zh: '充值金额过低', en: 'the amount to pay is too low' },
  'wallet.paymentNotConfigured': {
    zh: '当前管理员未配置支付信息',
    en: 'the administrator has not configured online payment',
  },
  'wallet.orderCreateFailed': { zh: '创建订单失败', en: 'failed to create the order' },
  'wallet.onlineTopUpLog': {
    zh: '使用在线充值成功，充值金额: {quota}，支付金额：{money}',
    en: 'online top-up succeeded: {quota} credited, {money} paid',
  },

  // Options and settings forms
  'option.keyRequired': { zh: '配置项名称不能为空', en: 'the option key must not be empty' },
  'option.ratioInvalid': { zh: '倍率必须是不小于 0 的数字', en: 'ratios must be numbers not less than 0' },
  'option.jsonObjectRequired': { zh: '必须是 JSON 对象', en: 'must be a JSON object' },
  'option.jsonStringMapRequired': {
    zh: '必须是值为字符串的 JSON 对象',
    en: 'must be a JSON object whose values are strings',
  },
  'option.jsonNumberMapRequired': {
    zh: '必须是值为非负整数的 JSON 对象',
    en: 'must be a JSON object whose values are non-negative integers',
  },
  'option.chatsInvalid': {
    zh: '聊天配置必须是 JSON 数组，每项为 {名称: 链接}',
    en: 'chats must be a JSON array of {name: link} objects',
  },
  'option.invalidExportTime': { zh: '只能是 hour、day 或 week', en: 'must be hour, day or week' },
  'option.serverAddressRequired': { zh: '请先填写服务器地址', en: 'please fill in the server address first' },
  'option.githubCredentialsRequired': {
    zh: '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！',
    en: 'cannot enable GitHub OAuth: fill in the GitHub client id and secret first',
  },
  'option.linuxdoCredentialsRequired': {
    zh: '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！',
    en: 'cannot enable LinuxDO OAuth: fill in the LinuxDO client id and secret first',
  },
  'option.wechatCredentialsRequired': {
    zh: '无法启用微信登录，请先填入微信登录相关配置信息！',
    en: 'cannot enable WeChat login: fill in the WeChat server settings first',
  },
  'option.turnstileCredentialsRequired': {
    zh: '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！',
    en: 'cannot enable Turnstile: fill in the Turnstile site key and secret first',
  },
  'option.emailWhitelistRequired': {
    zh: '无法启用邮箱域名限制，请先填入限制的邮箱域名！',
    en: 'cannot enable the email domain restriction: fill in the allowed domains first',
  },
  'option.modelRatioReset': { zh: '重置模型倍率成功', en: 'model ratios reset' },
  'option.unknownKey': { zh: '未知的配置项', en: 'unknown option key' },
  'settings.rateLimitPeriodMin': { zh: '限制周期不能小于 0', en: 'the period must be at least 0' },
  'settings.rateLimitCountMin': {
    zh: '用户每周期最多请求次数不能小于 0',
    en: 'the maximum requests per period must be at least 0',
  },
  'settings.rateLimitSuccessCountMin': {
    zh: '用户每周期最多请求完成次数不能小于 1',
    en: 'the maximum successful requests per period must be at least 1',
  },
  'settings.thinkingBudgetRange': {
    zh: '思考预算占比必须在 0.1 到 1 之间',
    en: 'the thinking budget percentage must be between 0.1 and 1',
  },

  // Pricing editor
  'pricing.notNumber': { zh: '请输入数字', en: 'numbers only' },
  'pricing.modelNameRequired': { zh: '模型名称不能为空', en: 'the model name must not be empty' },
  'pricing.selectModels': { zh: '请先选择模型', en: 'please select models first' },
  'pricing.priceRequired': { zh: '请填写固定价格', en: 'please fill in the fixed price' },
  'pricing.bothValuesRequired': {
    zh: '请同时填写模型倍率和补全倍率',
    en: 'please fill in both the model ratio and the completion ratio',
  },
  'pricing.duplicateModel': { zh: '模型名称已存在', en: 'the model name already exists' },

  // Notifications (mail and webhook); the texts follow new-api's wording
  'notify.smtpNotConfigured': { zh: 'SMTP 服务器未配置', en: 'the SMTP server is not configured' },
  'notify.smtpSenderMissing': {
    zh: 'SMTP 发件人未配置，请填写 SMTP 账户或发件人地址',
    en: 'the SMTP sender is not configured: fill in the SMTP account or the sender address',
  },
  'notify.mailFailed': { zh: '邮件发送失败：{reason}', en: 'failed to send the mail: {reason}' },
  'notify.quotaWarningTitle': { zh: '您的额度即将用尽', en: 'Your quota is running out' },
  'notify.quotaWarningContent': {
    zh: "{title}，当前剩余额度为 {quota}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='{link}'>{link}</a>",
    en: "{title}: {quota} left. Top up to keep using the service.<br/>Top-up link: <a href='{link}'>{link}</a>",
  },
  'notify.budgetAlertTitle': {
    zh: '{owner}本周期预算已用 {percent}%',
    en: '{owner} has used {percent}% of this period’s budget',
  },
  'notify.budgetAlertContent': {
    zh: '{owner}本周期（{period}）已用 {used} / {limit}（{percent}%），周期将于 {resetAt} 重置。',
    en: '{owner} has used {used} of {limit} ({percent}%) this {period}; the period resets at {resetAt}.',
  },
  'notify.channelDisabledTitle': {
    zh: '通道「{name}」（#{id}）已被禁用',
    en: 'Channel "{name}" (#{id}) has been disabled',
  },
  'notify.channelDisabledContent': {
    zh: '通道「{name}」（#{id}）已被禁用，原因：{reason}',
    en: 'Channel "{name}" (#{id}) has been disabled, reason: {reason}',
  },

  // Logs, tasks, status, chat
  'log.invalidType': { zh: '无效的日志类型', en: 'invalid log type' },
  'log.clearTimeRequired': { zh: '请选择日志清理时间', en: 'please choose a time to clear logs before' },
  'log.clearFailed': { zh: '日志清理失败', en: 'log clearing failed' },
  'usage.rangeTooLong': { zh: '时间跨度不能超过 1 个月', en: 'the time range must not exceed 30 days' },
  'task.invalidStatus': { zh: '无效的任务状态', en: 'invalid task status' },
  'drawing.callbackDisabled': {
    zh: '当前未开启 Midjourney 回调，部分项目可能无法获得绘图结果，可在运营设置中开启。',
    en: 'the Midjourney callback is off, so some results may not arrive; enable it in the operation settings',
  },
  'status.connectFailed': { zh: '无法正常连接至服务器！', en: 'Unable to connect to server' },
  'status.loadFailed': { zh: '加载状态失败', en: 'Failed to load status' },
  'status.chatsParseFailed': { zh: '聊天数据解析错误', en: 'chat data parse error' },
  'chat.linkConfigError': {
    zh: '聊天链接配置错误，请联系管理员',
    en: 'chat link config error, contact admin',
  },
  'chat.linkNotConfigured': {
    zh: '请联系管理员配置聊天链接',
    en: 'please contact admin to configure chat links',
  },
  // Audit trail
  'audit.invalidTargetType': {
    zh: '目标类型必须是 option、channel、user、token、redemption 或 log',
    en: 'the target type must be option, channel, user, token, redemption or log',
  },
  'audit.notFound': { zh: '审计记录不存在', en: 'the audit entry does not exist' },
  'audit.notRevertible': {
    zh: '只有系统设置和渠道的变更可以撤销',
    en: 'only option and channel changes can be reverted',
  },
  'audit.secretNotRevertible': {
    zh: '该变更涉及密钥，审计记录不保存密钥，无法撤销',
    en: 'this change involves a secret, which the audit trail does not keep, so it cannot be reverted',
  },
  'audit.targetChanged': {
    zh: '目标在此记录之后又被修改过，无法撤销；请先撤销之后的变更',
    en: 'the target has changed since this entry; revert the later changes first',
  },
  'audit.targetDeleted': {
    zh: '目标已被删除，无法撤销',
    en: 'the target has been deleted since this entry, so it cannot be reverted',
  },
  'audit.nothingToRevert': { zh: '该记录没有可撤销的变更', en: 'this entry has no change to revert' },
} as const satisfies Record<string, { zh: string; en: string }>;

/** A key of {@link MESSAGES}. */
export type MessageKey = keyof typeof MESSAGES;

import { useId, useState, type FormEvent } from 'react';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { enableTotpInputSchema, totpCodeSchema, type TotpSetupResponse } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { useAdminSession } from '@/lib/auth-storage';
import { type AdminTranslator, useAdminT } from '@/lib/i18n/admin';
import { translateAdminRefusal } from '@/lib/i18n/admin-validation';
import { useAccountSecurity, useTotpDisable, useTotpEnable, useTotpSetup } from '../api/account';
import { showErrorMessage } from './error-message';
import { downloadTextFile, RECOVERY_CODES_FILE_NAME, recoveryCodesText } from './recovery-codes-file';

/** A refusal (the schema's or the server's English) is said in the person's language. */
const showError = (translator: AdminTranslator, description: string) =>
  toast({
    variant: 'destructive',
    title: translator.t('adminAccount.error'),
    description: translateAdminRefusal(translator, description),
  });
const failure = (translator: AdminTranslator, error: unknown, fallback: string) =>
  showError(translator, showErrorMessage(error, fallback, translator.t('adminAccount.networkError')));

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const email = useAdminSession()?.user?.email ?? null;
  const { t } = useAdminT();
  // Said in words next to the buttons (a live region), not only in a toast that fades.
  const [saved, setSaved] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setSaved(t('adminAccount.copied'));
    } catch {
      // No clipboard outside HTTPS or when the browser refuses: the other ways still work.
      setSaved(t('adminAccount.copyNotAllowed'));
    }
  };

  const download = () => {
    downloadTextFile(RECOVERY_CODES_FILE_NAME, recoveryCodesText(codes, email));
    setSaved(t('adminAccount.downloadedAs', { fileName: RECOVERY_CODES_FILE_NAME }));
  };

  return (
    <div className="grid gap-3">
      <p className="font-medium">{t('adminAccount.saveCodes')}</p>
      <ul aria-label={t('adminAccount.recoveryCodes')} className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" /> {t('adminAccount.copy')}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" /> {t('adminAccount.download')}
        </Button>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {saved}
        </p>
      </div>
      <Button type="button" variant="outline" className="w-fit" onClick={onDone}>
        {t('adminAccount.savedThem')}
      </Button>
    </div>
  );
}

function Enrolment({ setup, onEnabled }: { setup: TotpSetupResponse; onEnabled: (codes: string[]) => void }) {
  const id = useId();
  const enable = useTotpEnable();
  const translator = useAdminT();
  const { t, rich } = translator;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = enableTotpInputSchema.safeParse({ password, code });
    if (!parsed.success) {
      return showError(translator, parsed.error.issues[0]?.message ?? t('adminAccount.enterPasswordAndCode'));
    }
    try {
      const result = await enable.mutateAsync(parsed.data);
      toast({ title: t('adminAccount.success'), description: t('adminAccount.twoFactorIsOn') });
      onEnabled(result.recoveryCodes);
    } catch (error) {
      failure(translator, error, t('adminAccount.twoFactorNotOn'));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid max-w-md gap-3">
      <p>{t('adminAccount.scanQrCode')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt={t('adminAccount.qrCodeAlt')}
        width={192}
        height={192}
        className="rounded border bg-white"
      />
      <p className="text-sm text-muted-foreground">
        {rich('adminAccount.enterKeyByHand', {
          secret: setup.secret,
          code: (chunks) => <code className="font-mono break-all">{chunks}</code>,
        })}
      </p>
      <p className="text-sm text-muted-foreground">{t('adminAccount.confirmWithPassword')}</p>
      <CurrentPasswordField id={`${id}-password`} value={password} onChange={setPassword} disabled={enable.isPending} />
      <AuthenticationCodeField id={`${id}-code`} value={code} onChange={setCode} disabled={enable.isPending} />
      <Button type="submit" disabled={enable.isPending} className="w-fit">
        <ShieldCheck aria-hidden="true" />
        {t('adminAccount.turnOn')}
      </Button>
    </form>
  );
}

function DisableForm() {
  const id = useId();
  const disable = useTotpDisable();
  const translator = useAdminT();
  const { t } = translator;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (password === '' || !parsed.success) return showError(translator, t('adminAccount.enterPasswordAndCurrentCode'));
    try {
      await disable.mutateAsync({ password, code: parsed.data });
      toast({ title: t('adminAccount.success'), description: t('adminAccount.twoFactorIsOff') });
      setPassword('');
      setCode('');
    } catch (error) {
      failure(translator, error, t('adminAccount.twoFactorNotOff'));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid max-w-md gap-3">
      <p>{t('adminAccount.disableIntro')}</p>
      <CurrentPasswordField
        id={`${id}-password`}
        value={password}
        onChange={setPassword}
        disabled={disable.isPending}
      />
      <AuthenticationCodeField id={`${id}-code`} value={code} onChange={setCode} disabled={disable.isPending} />
      <Button type="submit" variant="destructive" disabled={disable.isPending} className="w-fit">
        <ShieldOff aria-hidden="true" />
        {t('adminAccount.turnOff')}
      </Button>
    </form>
  );
}

/** Optional TOTP: enrol with a QR code, confirm with a code, keep the recovery codes shown once. */
export function TwoFactorSection() {
  const security = useAccountSecurity();
  const setup = useTotpSetup();
  const translator = useAdminT();
  const { t } = translator;
  const [pending, setPending] = useState<TotpSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (security.isPending) return <p className="text-muted-foreground">{t('ui.loading')}</p>;
  if (security.isError) return <p role="alert">{t('adminAccount.loadFailed')}</p>;
  if (security.data.totpEnabled) return <DisableForm />;
  if (pending) {
    return (
      <Enrolment
        setup={pending}
        onEnabled={(codes) => {
          setPending(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  }

  const start = async () => {
    try {
      setPending(await setup.mutateAsync());
    } catch (error) {
      failure(translator, error, t('adminAccount.setupFailed'));
    }
  };
  return (
    <div className="grid max-w-md gap-3">
      <p>{t('adminAccount.setupIntro')}</p>
      <Button type="button" className="w-fit" disabled={setup.isPending} onClick={() => void start()}>
        <ShieldCheck aria-hidden="true" />
        {t('adminAccount.setUp')}
      </Button>
    </div>
  );
}

/** The 6-digit code from the authenticator app, as enabling and disabling both ask for it. */
/** The account's own password, asked to confirm turning two-factor sign-in on or off. */
function CurrentPasswordField(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useAdminT();
  return (
    <>
      <Label htmlFor={props.id}>{t('adminAccount.password')}</Label>
      <Input
        id={props.id}
        type="password"
        autoComplete="current-password"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        disabled={props.disabled}
      />
    </>
  );
}

function AuthenticationCodeField(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useAdminT();
  return (
    <>
      <Label htmlFor={props.id}>{t('adminAccount.authenticationCode')}</Label>
      <Input
        id={props.id}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        disabled={props.disabled}
      />
    </>
  );
}

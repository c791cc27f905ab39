import { useId, useState, type FormEvent } from 'react';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { enableTotpInputSchema, totpCodeSchema, type TotpSetupResponse } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { useAdminSession } from '@/lib/auth-storage';
import { useAccountSecurity, useTotpDisable, useTotpEnable, useTotpSetup } from '../api/account';
import { showErrorMessage } from './error-message';
import { downloadTextFile, RECOVERY_CODES_FILE_NAME, recoveryCodesText } from './recovery-codes-file';

const showError = (description: string) => toast({ variant: 'destructive', title: 'Error', description });

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const email = useAdminSession()?.user?.email ?? null;
  // Said in words next to the buttons (a live region), not only in a toast that fades.
  const [saved, setSaved] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setSaved('Copied to the clipboard.');
    } catch {
      // No clipboard outside HTTPS or when the browser refuses: the other ways still work.
      setSaved('Copying is not allowed here: download the codes, or select and copy them.');
    }
  };

  const download = () => {
    downloadTextFile(RECOVERY_CODES_FILE_NAME, recoveryCodesText(codes, email));
    setSaved(`Downloaded as ${RECOVERY_CODES_FILE_NAME}.`);
  };

  return (
    <div className="grid gap-3">
      <p className="font-medium">Save these recovery codes now. Each works once, and they are not shown again.</p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" /> Copy
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" /> Download
        </Button>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {saved}
        </p>
      </div>
      <Button type="button" variant="outline" className="w-fit" onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}

function Enrolment({ setup, onEnabled }: { setup: TotpSetupResponse; onEnabled: (codes: string[]) => void }) {
  const id = useId();
  const enable = useTotpEnable();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = enableTotpInputSchema.safeParse({ password, code });
    if (!parsed.success) return showError(parsed.error.issues[0]?.message ?? 'Enter your password and the code');
    try {
      const result = await enable.mutateAsync(parsed.data);
      toast({ title: 'Success', description: 'Two-factor sign-in is on' });
      onEnabled(result.recoveryCodes);
    } catch (error) {
      showError(showErrorMessage(error, 'Two-factor sign-in could not be turned on'));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid max-w-md gap-3">
      <p>Scan this QR code with an authenticator app, then enter the 6-digit code it shows.</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code for your authenticator app"
        width={192}
        height={192}
        className="rounded border bg-white"
      />
      <p className="text-sm text-muted-foreground">
        Or enter this key by hand: <code className="font-mono break-all">{setup.secret}</code>
      </p>
      <p className="text-sm text-muted-foreground">
        Confirm with your password. Your other signed-in sessions will end.
      </p>
      <CurrentPasswordField id={`${id}-password`} value={password} onChange={setPassword} disabled={enable.isPending} />
      <AuthenticationCodeField id={`${id}-code`} value={code} onChange={setCode} disabled={enable.isPending} />
      <Button type="submit" disabled={enable.isPending} className="w-fit">
        <ShieldCheck aria-hidden="true" />
        Turn on two-factor sign-in
      </Button>
    </form>
  );
}

function DisableForm() {
  const id = useId();
  const disable = useTotpDisable();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (password === '' || !parsed.success) return showError('Enter your password and a current code');
    try {
      await disable.mutateAsync({ password, code: parsed.data });
      toast({ title: 'Success', description: 'Two-factor sign-in is off' });
      setPassword('');
      setCode('');
    } catch (error) {
      showError(showErrorMessage(error, 'Two-factor sign-in could not be turned off'));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid max-w-md gap-3">
      <p>Two-factor sign-in is on. To turn it off, confirm your password and a current code.</p>
      <CurrentPasswordField
        id={`${id}-password`}
        value={password}
        onChange={setPassword}
        disabled={disable.isPending}
      />
      <AuthenticationCodeField id={`${id}-code`} value={code} onChange={setCode} disabled={disable.isPending} />
      <Button type="submit" variant="destructive" disabled={disable.isPending} className="w-fit">
        <ShieldOff aria-hidden="true" />
        Turn off two-factor sign-in
      </Button>
    </form>
  );
}

/** Optional TOTP: enrol with a QR code, confirm with a code, keep the recovery codes shown once. */
export function TwoFactorSection() {
  const security = useAccountSecurity();
  const setup = useTotpSetup();
  const [pending, setPending] = useState<TotpSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (security.isPending) return <p className="text-muted-foreground">Loading...</p>;
  if (security.isError) return <p role="alert">Could not load your two-factor settings.</p>;
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
      showError(showErrorMessage(error, 'Two-factor setup could not start'));
    }
  };
  return (
    <div className="grid max-w-md gap-3">
      <p>Protect your account with a code from an authenticator app at each sign-in.</p>
      <Button type="button" className="w-fit" disabled={setup.isPending} onClick={() => void start()}>
        <ShieldCheck aria-hidden="true" />
        Set up two-factor sign-in
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
  return (
    <>
      <Label htmlFor={props.id}>Password</Label>
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
  return (
    <>
      <Label htmlFor={props.id}>Authentication code</Label>
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

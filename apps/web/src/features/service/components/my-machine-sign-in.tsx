import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { KeyRound, Mail } from 'lucide-react';
import { MY_MACHINE_CODE_LENGTH, type MyMachineCodeRequest, type MyMachineSession } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { translateRefusal, type Translator, useT } from '@/lib/i18n';
import { requestMyMachineCode, startMyMachineSession } from '../api/my-machine';
import { formatClockTime } from '../lib/dates';
import {
  type CodeRequestValues,
  type CodeValues,
  lazyCodeRequestResolver,
  lazyCodeResolver,
  preloadValidators,
} from '../lib/lazy-validators';
import { keepMyMachineSession } from '../lib/my-machine-session';
import { PublicRequestError, retryTime } from '../lib/request-error';
import { FormField } from './form-field';

/** The serial and phone a code was asked for, as the schema wrote them (capitals, no spaces). */
export interface MachineKey {
  serial: string;
  phone: string;
}

/** A refusal that is no field's: throttled (with when to try again), or the server out of reach. */
function callFailure(error: unknown, translator: Translator): string {
  if (error instanceof PublicRequestError && error.status === 429) {
    return translator.t('service.tryAgainAfter', { time: formatClockTime(translator, retryTime(error)) });
  }
  // A refusal the validation catalogue knows, in the page's language; anything else (the server
  // failing, no connection) only that it could not be reached.
  if (error instanceof ApiError && error.status < 500 && error.serverMessage !== null) {
    const said = translateRefusal(translator, error.serverMessage);
    // One the catalogue lacks is English: said as sent on an English page only.
    if (said !== undefined && (translator.locale === 'en' || said !== error.serverMessage)) return said;
  }
  return translator.t('service.notReached');
}

/** The issues of a 400 that name one of `fields`: each is said under its field. */
function fieldIssues<Field extends string>(error: unknown, fields: readonly Field[]) {
  if (!(error instanceof PublicRequestError) || error.status !== 400) return [];
  return error.issues.flatMap((issue) => {
    const [field] = issue.path;
    return fields.includes(field as Field) ? [{ field: field as Field, message: issue.message }] : [];
  });
}

function Notice({ tone, children }: { tone: 'info' | 'error'; children: string }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive'
          : 'rounded-md border border-primary/30 bg-primary/5 p-3 text-sm'
      }
    >
      {children}
    </p>
  );
}

/**
 * Step 1: the serial number and the phone on record. The answer is the same whether or not they
 * match a machine (it says so), so the page moves on to the code either way.
 */
export function IdentifyStep({
  start,
  notice,
  enabled,
  onCodeSent,
}: {
  start: MachineKey;
  notice: string | null;
  /** False in the server's HTML: the form needs the app. */
  enabled: boolean;
  onCodeSent: (key: MachineKey) => void;
}) {
  const translator = useT();
  const { t, locale } = translator;
  const idPrefix = useId();
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeRequestValues, unknown, MyMachineCodeRequest>({
    resolver: lazyCodeRequestResolver,
    defaultValues: start,
  });
  const refusal = (message: string | undefined) => translateRefusal(translator, message);

  const onSubmit = async (data: MyMachineCodeRequest) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      await requestMyMachineCode({ serial: data.serial, phone: data.phone, locale });
      onCodeSent({ serial: data.serial, phone: data.phone });
    } catch (error) {
      const issues = fieldIssues(error, ['serial', 'phone'] as const);
      for (const issue of issues) setError(issue.field, { type: 'server', message: issue.message });
      if (issues.length === 0) setFailure(callFailure(error, translator));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form
      // The app says what is wrong, in the page's language (the form only works with the app).
      noValidate
      onSubmit={(event) => {
        handleSubmit(onSubmit)(event).catch(() => setFailure(t('service.notReached')));
      }}
      onFocus={() => void preloadValidators().catch(() => undefined)}
      aria-label={t('service.identifyLabel')}
      className="grid gap-5"
    >
      {notice ? <Notice tone="info">{notice}</Notice> : null}
      {/* Disabled until the app runs: without it the form has nowhere to go (the noscript says why). */}
      <fieldset disabled={!enabled} className="grid gap-5">
        <FormField
          id={`${idPrefix}-serial`}
          label={t('service.serial')}
          help={t('service.serialHelp')}
          error={refusal(errors.serial?.message)}
        >
          {(a11y) => (
            <Input
              {...a11y}
              {...register('serial')}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              required
              className="font-mono uppercase"
            />
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-phone`}
          label={t('service.phone')}
          help={t('service.phoneOnRecord')}
          error={refusal(errors.phone?.message)}
        >
          {(a11y) => <Input {...a11y} {...register('phone')} type="tel" autoComplete="tel" required />}
        </FormField>
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        {/* Full width on a phone, where its label may take two lines (as the contact form's). */}
        <Button
          type="submit"
          size="lg"
          disabled={isSubmitting}
          className="h-auto min-h-11 w-full py-2 whitespace-normal sm:w-auto sm:justify-self-start"
        >
          <Mail aria-hidden="true" />
          {isSubmitting ? t('service.sendingCode') : t('service.sendCode')}
        </Button>
      </fieldset>
    </form>
  );
}

/** Step 2: the 6-digit code from the email, for a session that sees this machine only. */
export function CodeStep({
  machine,
  onSignedIn,
  onChangeDetails,
}: {
  machine: MachineKey;
  onSignedIn: (session: MyMachineSession) => void;
  onChangeDetails: () => void;
}) {
  const translator = useT();
  const { t, locale } = translator;
  const idPrefix = useId();
  const inFlight = useRef(false);
  // The step opens saying a code was sent (or would have been); a new code says it again.
  const [notice, setNotice] = useState<string | null>(t('service.codeSent'));
  const [failure, setFailure] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues, unknown, CodeValues>({ resolver: lazyCodeResolver, defaultValues: { code: '' } });
  const refusal = (message: string | undefined) => translateRefusal(translator, message);

  const onSubmit = async ({ code }: CodeValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      const answer = await startMyMachineSession({ ...machine, code });
      onSignedIn(keepMyMachineSession(answer.token, answer.expiresAt));
    } catch (error) {
      const issues = fieldIssues(error, ['code'] as const);
      for (const issue of issues) setError(issue.field, { type: 'server', message: issue.message });
      if (issues.length > 0) return;
      // A wrong, expired or used-up code, an unknown serial and a phone not on record answer alike.
      const wrong = error instanceof ApiError && (error.status === 400 || error.status === 401);
      setFailure(wrong ? t('service.codeWrong') : callFailure(error, translator));
      if (wrong) resetField('code');
    } finally {
      inFlight.current = false;
    }
  };

  const sendAgain = async () => {
    setResending(true);
    setFailure(null);
    setNotice(null);
    try {
      await requestMyMachineCode({ ...machine, locale });
      setNotice(t('service.codeSent'));
    } catch (error) {
      setFailure(callFailure(error, translator));
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="grid gap-5">
      {notice ? <Notice tone="info">{notice}</Notice> : null}
      <form
        noValidate
        onSubmit={(event) => {
          handleSubmit(onSubmit)(event).catch(() => setFailure(t('service.notReached')));
        }}
        onFocus={() => void preloadValidators().catch(() => undefined)}
        aria-label={t('service.codeLabel')}
        className="grid gap-5"
      >
        <FormField
          id={`${idPrefix}-code`}
          label={t('service.code')}
          error={refusal(errors.code?.message)}
          className="sm:max-w-xs"
        >
          {(a11y) => (
            <Input
              {...a11y}
              {...register('code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern={`[0-9]{${MY_MACHINE_CODE_LENGTH}}`}
              maxLength={MY_MACHINE_CODE_LENGTH}
              // The code field is the step: the buyer has come from the email to type it.
              autoFocus
              required
              className="h-12 font-mono text-2xl tracking-[0.4em]"
            />
          )}
        </FormField>
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <Button type="submit" size="lg" disabled={isSubmitting}>
            <KeyRound aria-hidden="true" />
            {isSubmitting ? t('service.checkingCode') : t('service.openMachine')}
          </Button>
          <Button type="button" variant="outline" size="lg" disabled={resending} onClick={() => void sendAgain()}>
            {t('service.newCode')}
          </Button>
          <Button type="button" variant="link" onClick={onChangeDetails}>
            {t('service.changeDetails')}
          </Button>
        </div>
      </form>
      <p className="text-sm text-muted-foreground">{t('service.codeNotArrived')}</p>
    </div>
  );
}

import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@/lib/i18n';
import { phonesOf, useSiteSettings } from '@/lib/site-settings';
import { MY_MACHINE_URL, signOutOfMyMachine } from '../api/my-machine';
import { clearMyMachineSession, readMyMachineSession } from '../lib/my-machine-session';
import { useAppRunning } from '../lib/use-app-running';
import { usePageTitle } from '../lib/use-page-title';
import { CodeStep, IdentifyStep, type MachineKey } from './my-machine-sign-in';
import { MyMachineView } from './my-machine-view';

type Step =
  | { kind: 'identify'; start: MachineKey; notice: 'ended' | 'signedOut' | null }
  | { kind: 'code'; machine: MachineKey }
  | { kind: 'machine'; token: string };

const FIRST_STEP: Extract<Step, { kind: 'identify' }> = {
  kind: 'identify',
  start: { serial: '', phone: '' },
  notice: null,
};

/** Said in the page's language where the app cannot run, with the number to call instead. */
function NoScript() {
  const { t } = useT();
  const site = useSiteSettings();
  const phone = site ? phonesOf(site)[0]?.display : undefined;
  return (
    <noscript>
      <p className="mb-6 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
        {phone ? t('service.noscript', { phone }) : t('service.noscriptNoPhone')}
      </p>
    </noscript>
  );
}

/**
 * `/my-machine` (issue 40): no account and no password. The serial and the phone on record bring a
 * one-time code to the email on record; the code opens a session of 24 hours, kept in this tab,
 * that sees that machine only. The page needs the app: the server sends its first step, disabled.
 */
export function MyMachinePage() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const running = useAppRunning();
  usePageTitle(t('service.myTitle'));
  const [chosen, setStep] = useState<Step | null>(null);
  // A session this tab already holds opens the machine at once (read only once the app runs).
  const kept = useMemo(() => (running ? readMyMachineSession() : null), [running]);
  const step: Step = chosen ?? (kept ? { kind: 'machine', token: kept.token } : FIRST_STEP);

  const forget = useCallback(() => {
    clearMyMachineSession();
    queryClient.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(MY_MACHINE_URL) });
  }, [queryClient]);

  const onEnded = useCallback(() => {
    forget();
    setStep({ ...FIRST_STEP, notice: 'ended' });
  }, [forget]);

  const onSignOut = useCallback(
    (token: string) => {
      // Signed out here whatever the server answers: the token is forgotten with the session.
      void signOutOfMyMachine(token).catch(() => undefined);
      forget();
      setStep({ ...FIRST_STEP, notice: 'signedOut' });
    },
    [forget],
  );

  let body;
  if (step.kind === 'machine') {
    body = <MyMachineView token={step.token} onEnded={onEnded} onSignOut={() => onSignOut(step.token)} />;
  } else if (step.kind === 'code') {
    body = (
      <section className="max-w-xl rounded-xl border bg-card p-5 shadow-sm sm:p-8">
        <h2 className="mb-5 text-lg font-semibold">{t('service.codeHeading')}</h2>
        <CodeStep
          machine={step.machine}
          onSignedIn={(session) => setStep({ kind: 'machine', token: session.token })}
          onChangeDetails={() => setStep({ kind: 'identify', start: step.machine, notice: null })}
        />
      </section>
    );
  } else {
    const notice =
      step.notice === 'ended' ? t('service.sessionEnded') : step.notice === 'signedOut' ? t('service.signedOut') : null;
    body = (
      <section className="max-w-xl rounded-xl border bg-card p-5 shadow-sm sm:p-8">
        <h2 className="mb-5 text-lg font-semibold">{t('service.identifyHeading')}</h2>
        <IdentifyStep
          // A fresh form for each return to this step, starting from what it was given.
          key={`${step.notice ?? ''}:${step.start.serial}`}
          start={step.start}
          notice={notice}
          enabled={running}
          onCodeSent={(machine) => setStep({ kind: 'code', machine })}
        />
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('service.myTitle')}</h1>
      <p className="mt-2 mb-6 max-w-2xl text-muted-foreground">{t('service.myIntro')}</p>
      <NoScript />
      {body}
    </div>
  );
}

import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { BACKUP_KEEP_MAX, type BackupSchedule, type BackupScheduleInput, backupScheduleSchema } from '@capstan/shared';
import { StaleNotice } from '@/components/stale-notice';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { backupsQueryOptions } from '../api/get-backups';
import { useSaveBackupSchedule } from '../api/save-backup-schedule';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';

// One schema, three uses: the same checks and messages as the server's.
const resolver = zodResolver(backupScheduleSchema);
type ScheduleValues = ReturnType<typeof backupScheduleSchema.parse>;

const FIELDS = ['enabled', 'time', 'keep'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: unknown): name is Field => (FIELDS as readonly unknown[]).includes(name);

/** What a field's error shows (`keep` arrives as text, so its error type is the loose one). */
type FieldProblem = { message?: string } | undefined;

/** The server's per-field messages of a 400 (`{ message, issues: [{ path, message }] }`). */
function serverIssues(error: ApiError): { path: unknown[]; message: string }[] {
  try {
    const body: unknown = JSON.parse(error.body);
    if (body && typeof body === 'object' && 'issues' in body && Array.isArray(body.issues)) {
      return body.issues as { path: unknown[]; message: string }[];
    }
  } catch {
    // not JSON: no per-field messages
  }
  return [];
}

/** The ids and ARIA links of one field: its hint (and suffix) always, its error when there is one. */
function useFieldAria(error: FieldProblem, ...described: string[]) {
  const id = useId();
  const errorId = `${id}-error`;
  return {
    id,
    errorId,
    hintId: `${id}-hint`,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [...described.map((part) => `${id}-${part}`), error ? errorId : null]
        .filter(Boolean)
        .join(' '),
    },
  };
}

function ErrorText({ id, error }: { id: string; error: FieldProblem }) {
  const refusal = useAdminRefusal();
  if (!error?.message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {refusal(error.message)}
    </p>
  );
}

/**
 * The daily schedule. The form is filled once from the schedule it was read at and sends that
 * version back (`updatedAt`); the list's refreshes while a backup runs leave what is typed alone.
 */
export function ScheduleForm({ schedule }: { schedule: BackupSchedule }) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const queryClient = useQueryClient();
  const saveSchedule = useSaveBackupSchedule();
  const form = useForm<BackupScheduleInput, unknown, ScheduleValues>({ resolver, defaultValues: schedule });
  const { errors, isSubmitting } = form.formState;
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  const headingId = useId();
  const enabledId = useId();
  const time = useFieldAria(errors.time, 'hint');
  const keep = useFieldAria(errors.keep, 'suffix', 'hint');

  const onSubmit = async (values: ScheduleValues) => {
    try {
      const saved = await saveSchedule.mutateAsync(values);
      setStaleMessage(null);
      form.reset(saved);
      toast({ title: t('adminBackups.savedTitle'), description: t('adminBackups.saved') });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone saved meanwhile: keep what was typed and offer their version.
        setStaleMessage(error.serverMessage ? refusal(error.serverMessage) : t('adminBackups.stale'));
      } else if (error instanceof ApiError && error.status === 400) {
        for (const issue of serverIssues(error)) {
          const [name] = issue.path;
          if (isField(name)) form.setError(name, { type: 'server', message: issue.message });
        }
      }
      toast({
        variant: 'destructive',
        title: t('adminBackups.notSavedTitle'),
        description:
          error instanceof ApiError && error.serverMessage ? refusal(error.serverMessage) : t('adminBackups.notSaved'),
      });
    }
  };

  const onReload = async () => {
    const latest = await queryClient.fetchQuery({ ...backupsQueryOptions, staleTime: 0 });
    form.reset(latest.schedule);
    setStaleMessage(null);
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border bg-card p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('adminBackups.schedule')}
      </h2>
      {staleMessage ? <StaleNotice message={staleMessage} onReload={onReload} /> : null}
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        className="grid gap-5"
      >
        <div className="grid gap-2">
          <div className="flex items-center gap-2">
            <input
              id={enabledId}
              type="checkbox"
              className="size-4"
              aria-invalid={errors.enabled ? true : undefined}
              {...form.register('enabled')}
            />
            <Label htmlFor={enabledId}>{t('adminBackups.enabled')}</Label>
          </div>
          <ErrorText id={`${enabledId}-error`} error={errors.enabled} />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={time.id}>{t('adminBackups.time')}</Label>
            <Input id={time.id} type="time" className="w-40" {...time.aria} {...form.register('time')} />
            <p id={time.hintId} className="text-sm text-muted-foreground">
              {t('adminBackups.timeHint')}
            </p>
            <ErrorText id={time.errorId} error={errors.time} />
          </div>

          <div className="grid content-start gap-2">
            <Label htmlFor={keep.id}>{t('adminBackups.keep')}</Label>
            <div className="flex items-center gap-2">
              <Input
                id={keep.id}
                type="number"
                inputMode="numeric"
                min={1}
                max={BACKUP_KEEP_MAX}
                step={1}
                className="w-24"
                {...keep.aria}
                {...form.register('keep')}
              />
              <span id={`${keep.id}-suffix`}>{t('adminBackups.keepSuffix')}</span>
            </div>
            <p id={keep.hintId} className="text-sm text-muted-foreground">
              {t('adminBackups.keepHint', { max: BACKUP_KEEP_MAX })}
            </p>
            <ErrorText id={keep.errorId} error={errors.keep} />
          </div>
        </div>

        <div>
          <Button type="submit" disabled={isSubmitting}>
            <Save aria-hidden="true" />
            {isSubmitting ? t('adminBackups.saving') : t('adminBackups.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

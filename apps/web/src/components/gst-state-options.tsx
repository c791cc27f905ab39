import { GST_STATE_CODES, gstStateName } from '@capstan/shared';
import { useAdminT } from '@/lib/i18n/admin';

/**
 * A state select's options: the empty choice, then every GST state by its code and its name in the
 * reader's language (`33 · தமிழ்நாடு`). The quotation's buyer and an installed machine's customer use it.
 */
export function GstStateOptions({ placeholder }: { placeholder: string }) {
  const { locale } = useAdminT();
  return (
    <>
      <option value="">{placeholder}</option>
      {GST_STATE_CODES.map((code) => (
        <option key={code} value={code}>
          {`${code} · ${gstStateName(code, locale)}`}
        </option>
      ))}
    </>
  );
}

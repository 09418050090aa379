import { useTranslation } from '../../../lib/use-translation.ts';
import { maskId } from '../channel-state.ts';

export function IdList({ ids }: { ids: ReadonlyArray<readonly [string, string]> }) {
  if (ids.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {ids.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="font-mono text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const idLabels = ['phone_number_id', 'waba_id', 'page_id', 'instagram_account_id'] as const;
function idLabel(key: string): (typeof idLabels)[number] | 'other' {
  return (idLabels as readonly string[]).includes(key) ? (key as (typeof idLabels)[number]) : 'other';
}

/** A Meta channel's ids, named and masked ("Número (ID) …2922"). */
export function ChannelIds({ ids }: { ids: Record<string, string> | undefined }) {
  const { t } = useTranslation('channels');
  return <IdList ids={Object.entries(ids ?? {}).map(([key, value]) => [t(`ids.${idLabel(key)}`), maskId(value)] as const)} />;
}

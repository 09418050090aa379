import type { PipelineStage } from '@charla/shared';

/** The bot's stages as the options of a select, in the pipeline's order. */
export function StageOptions({ stages }: { stages: PipelineStage[] }) {
  return stages.map((s) => (
    <option key={s.id} value={s.id}>
      {s.name}
    </option>
  ));
}

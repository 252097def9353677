import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import type { Storage } from '../../services/storage';

/**
 * `media.delete`: deletes stored public files once the change that dropped them committed (a
 * missing file is fine, so a redelivery changes nothing).
 */
export const mediaDeleteJob = defineJob({
  name: 'media.delete',
  payload: z.object({ keys: z.array(z.string()) }),
  async run(payload, _ctx, { storage }: { storage: Storage }) {
    for (const key of payload.keys) await storage.delete(key);
  },
});

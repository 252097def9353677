import { z } from 'zod';
import { defineJob } from '../../../jobs/define';
import type { Storage } from '../../../services/storage';

/**
 * `vendor.document.delete`: deletes vetting documents from private storage once their rows are
 * gone (a missing file is fine, so a redelivery changes nothing).
 */
export const documentDeleteJob = defineJob({
  name: 'vendor.document.delete',
  payload: z.object({ keys: z.array(z.string()) }),
  async run(payload, _ctx, { documents }: { documents: Storage }) {
    for (const key of payload.keys) await documents.delete(key);
  },
});
